/**
 * A timestamptz as Postgres writes it in a UTC session (`2026-11-24 12:13:14.123456+00`, the text
 * MikroORM's pool hands over) turned into what `Date#toISOString` writes (`2026-11-24T12:13:14.123Z`)
 * by rearranging the text, without parsing it into a Date: a Weekly Lessons answer has two of these
 * per item, and parsing was most of the cost of mapping its rows (docs/benchmarks.md, Weekly Lessons).
 * Milliseconds are truncated, as a Date parsed from the text would have them. Any other text (a
 * session in another time zone, a year of other than 4 digits, BC, infinity) goes to `parse`.
 */
export function utcTimestampIso(text: string, parse: (text: string) => string): string {
  const n = text.length;
  // 'YYYY-MM-DD HH:MM:SS' (19), then '.' and 1–6 digits or nothing, then '+00'.
  if (n < 22 || n > 29 || text.charCodeAt(4) !== 45 || text.charCodeAt(10) !== 32 || !text.endsWith('+00')) return parse(text);
  if (n === 22) return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`;
  if (n === 23 || text.charCodeAt(19) !== 46) return parse(text);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${text.slice(20, n - 3)}00`.slice(0, 3)}Z`;
}
