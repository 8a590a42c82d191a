import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { utcTimestampIso } from './timestamps.js';

// The reference: what the readers did before, parse with MikroORM's platform, then toISOString.
const platform = new PostgreSqlPlatform();
const parsed = (text: string) => (platform.parseDate(text) as Date).toISOString();

describe('utcTimestampIso', () => {
  it('writes a UTC timestamptz as Date#toISOString does, without a Date', () => {
    let slow = 0;
    const parse = (text: string) => (slow++, parsed(text));
    for (const text of [
      '2026-11-24 12:13:14+00',
      '2026-11-24 12:13:14.1+00',
      '2026-11-24 12:13:14.12+00',
      '2026-11-24 12:13:14.123+00',
      '2026-11-24 12:13:14.1239+00',
      '2026-11-24 12:13:14.999999+00',
      '2026-02-28 23:59:59.000001+00',
      '1999-12-31 00:00:00.5+00',
      '0050-01-01 00:00:00+00',
    ]) {
      expect([text, utcTimestampIso(text, parse)]).toEqual([text, parsed(text)]);
    }
    expect(slow).toBe(0);
  });

  it('hands any other text to the parser (another time zone, BC, a 5-digit year, infinity)', () => {
    for (const text of ['2026-11-24 14:13:14.123+02', '2026-11-24 17:43:14+05:30', '2026-11-24 12:13:14.123-00', '0044-03-15 12:00:00+00 BC', '12026-11-24 12:13:14+00', 'infinity', '2026-11-24 12:13:14.+00']) {
      expect(utcTimestampIso(text, () => 'parsed')).toBe('parsed');
    }
    expect(utcTimestampIso('2026-11-24 14:13:14.123+02', parsed)).toBe('2026-11-24T12:13:14.123Z');
  });
});
