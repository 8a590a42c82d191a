import { describe, expect, it } from '@jest/globals';
import { formatCsvInstant, formatDateIn, formatDateTimeIn, formatZonedDateTime, fromZonedInput, isTimeZone, toZonedInput, zoneLabel } from './time.js';

const JHB = 'Africa/Johannesburg';

describe('times in a zone (issue 18 §2)', () => {
  it('shows an instant as the wall time of the zone asked for, whatever zone the process runs in', () => {
    expect(formatDateTimeIn('2026-11-30T21:59:00.000Z', JHB)).toBe('30 Nov 2026, 23:59');
    expect(formatDateTimeIn('2026-11-30T21:59:00.000Z', 'UTC')).toBe('30 Nov 2026, 21:59');
    expect(formatDateTimeIn('2026-11-30T21:59:00.000Z', 'America/New_York')).toBe('30 Nov 2026, 16:59');
    // The day too: 23:30 UTC is already the next day in Johannesburg.
    expect(formatDateIn('2026-11-23T23:30:00.000Z', JHB)).toBe('24 Nov 2026');
    expect(formatDateIn('2026-11-23T23:30:00.000Z', 'UTC')).toBe('23 Nov 2026');
  });

  it('names the zone where everyone must read the same time', () => {
    expect(zoneLabel(JHB)).toBe('Johannesburg time');
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneLabel('UTC')).toBe('UTC');
    expect(formatZonedDateTime('2026-11-30T21:59:00.000Z', JHB)).toBe('30 Nov 2026, 23:59 Johannesburg time');
  });

  it('reads a datetime-local value as a wall time of the zone, and back', () => {
    expect(fromZonedInput('2026-11-30T23:59', JHB)).toBe('2026-11-30T21:59:00.000Z');
    expect(fromZonedInput('2026-07-01T08:00', 'Europe/London')).toBe('2026-07-01T07:00:00.000Z'); // summer time
    expect(toZonedInput('2026-11-30T21:59:00.000Z', JHB)).toBe('2026-11-30T23:59');
    expect(toZonedInput(null, JHB)).toBe('');
    expect(fromZonedInput('  ', JHB)).toBeNull();
    expect(fromZonedInput('tomorrow', JHB)).toBe('tomorrow');
    expect(fromZonedInput('2026-13-45T99:99', JHB)).toBe('2026-13-45T99:99');
    expect(fromZonedInput('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30'); // skipped by summer time
  });

  it('writes CSV instants in the zone with their offset', () => {
    expect(formatCsvInstant('2026-11-30T21:59:00.000Z', JHB)).toBe('2026-11-30 23:59:00 +02:00');
  });

  it('gives back what is not a date, and knows real zones only', () => {
    expect(formatDateIn('soon', JHB)).toBe('soon');
    expect(formatZonedDateTime('', JHB)).toBe('');
    expect(isTimeZone(JHB)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
