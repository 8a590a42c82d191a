import { describe, expect, it } from '@jest/globals';
import { formatDateIn, formatDateTimeIn } from '@academy/contracts';
import { setAcademyTimeZone } from '@academy/web-session';
import { academyZoneLabel, browserTimeZone, countOf, describeUserAgent, formatDate, formatDateTime, formatDueDate, fromDueDateInput } from './format';

describe('formatDate / formatDateTime / formatDueDate', () => {
  it("shows what happened in the reader's (browser's) zone", () => {
    expect(formatDate('2026-11-23T23:30:00.000Z')).toBe(formatDateIn('2026-11-23T23:30:00.000Z', browserTimeZone()));
    expect(formatDateTime('2026-11-23T08:05:00.000Z')).toBe(formatDateTimeIn('2026-11-23T08:05:00.000Z', browserTimeZone()));
    expect(formatDateTime('2026-11-23T08:05:00.000Z')).not.toMatch(/UTC/);
  });

  it("shows and reads due dates in the academy's zone, named", () => {
    expect(formatDueDate('2026-11-30T21:59:00.000Z')).toBe('30 Nov 2026, 23:59 Johannesburg time');
    expect(academyZoneLabel()).toBe('Johannesburg time');
    setAcademyTimeZone('America/New_York');
    try {
      expect(formatDueDate('2026-11-30T21:59:00.000Z')).toBe('30 Nov 2026, 16:59 New York time');
      expect(fromDueDateInput('2026-11-30T23:59')).toBe('2026-12-01T04:59:00.000Z');
      setAcademyTimeZone('Nowhere/Special'); // unknown: ignored
      expect(academyZoneLabel()).toBe('New York time');
    } finally {
      setAcademyTimeZone('Africa/Johannesburg');
    }
  });

  it('gives back what is not a date instead of "Invalid Date"', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
  });
});

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Headless Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
  ])('names %s as %s', (ua, name) => {
    expect(describeUserAgent(ua)).toBe(name);
  });

  it('says so when there is no user agent, and shortens one it does not know', () => {
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent('  ')).toBe('Unknown device');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeUserAgent('x'.repeat(100))).toBe(`${'x'.repeat(57)}...`);
  });
});

describe('countOf', () => {
  it('puts the noun in the number of the count: "1 admin", never "1 admins"', () => {
    expect(countOf(1, 'admin')).toBe('1 admin');
    expect(countOf(0, 'admin')).toBe('0 admins');
    expect(countOf(2, 'daily task')).toBe('2 daily tasks');
    expect(countOf(3, 'try', 'tries')).toBe('3 tries');
  });
});
