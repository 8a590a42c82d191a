import { describe, expect, it } from '@jest/globals';
import { csvDocument, csvField, csvLine, csvNumber } from './csv.js';
import { liveCells, spreadsheetRows } from './testing.js';

// Every character a spreadsheet starts a formula with (ASCII and the full-width forms Excel honours).
const TRIGGERS = ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
// Where a cell can start inside a value: for a "," reader, a ";" reader, a tab reader, after a row end.
const SEPARATORS = [';', ',', '\t'];
const LINE_BREAKS = ['\r\n', '\r', '\n', '\u2028', '\u2029', '\v', '\f', '\u0085'];
const PAYLOAD = "cmd|' /C calc'!A0";

/** A file of `row` under a three-column header, as every writer would write it. */
const fileOf = (...row: string[]) => csvDocument(['a', 'b', 'c'].slice(0, row.length), [row]);

/** What a value reads as once a "'" the writer put in and the line breaks it flattened are set aside. */
const gist = (s: string) => s.replace(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/g, ' ').replace(/'/g, '');

describe('the CSV writer (issue 28 §2)', () => {
  it('quotes every text, doubles its quotes, writes our numbers bare and nothing as an empty field', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('')).toBe('""');
    expect(csvField('a,b;c')).toBe('"a,b;c"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(null)).toBe('');
    expect(csvLine(['Forms, part 1', csvNumber(3), csvNumber(88.5, 2), null])).toBe('"Forms, part 1",3,88.50,');
  });

  it('puts a quote mark before every formula character at the start, past spaces and quotes, and after a tab at the start', () => {
    for (const t of TRIGGERS) {
      expect(csvField(`${t}${PAYLOAD}`)).toBe(`"'${t}${PAYLOAD}"`);
      expect(csvField(`  ${t}1`)).toBe(`"'  ${t}1"`);
      expect(csvField(`"${t}1"`)).toBe(`"'""${t}1"""`);
    }
    expect(csvField('\tplain')).toBe(`"'\tplain"`);
    expect(csvField('-1.50')).toBe(`"'-1.50"`);
    expect(csvField('x-y+z=w@v')).toBe('"x-y+z=w@v"');
  });

  it('puts one after every "," ";" and tab inside a value that a formula character follows', () => {
    for (const t of TRIGGERS) {
      for (const sep of SEPARATORS) {
        expect(csvField(`x${sep}${t}${PAYLOAD}`)).toBe(`"x${sep}'${t}${PAYLOAD}"`);
        expect(csvField(`x${sep} "${t}1`)).toBe(`"x${sep}' ""${t}1"`);
      }
    }
    expect(csvField('Forms, part 1; -2 points')).toBe(`"Forms, part 1;' -2 points"`);
  });

  it('turns every kind of line break into a space, then still guards the start', () => {
    for (const br of LINE_BREAKS) {
      expect(csvField(`Ann${br}Smith`)).toBe('"Ann Smith"');
      for (const t of TRIGGERS) {
        expect(csvField(`${br}${t}${PAYLOAD}`)).toBe(`"' ${t}${PAYLOAD}"`);
        expect(csvField(`Ann${br}${t}${PAYLOAD}`)).toBe(`"Ann ${t}${PAYLOAD}"`);
        expect(csvField(`Ann;${br}${t}1`)).toBe(`"Ann;' ${t}1"`);
      }
    }
  });

  it('leaves no live cell for a "," reader, a ";" reader or a tab reader, wherever the formula character sits', () => {
    const places = (t: string) => [
      `${t}${PAYLOAD}`,
      ...SEPARATORS.flatMap((sep) => [`x${sep}${t}${PAYLOAD}`, `x${sep} ${t}1`, `x${sep}"${t}1`]),
      ...LINE_BREAKS.flatMap((br) => [`x${br}${t}${PAYLOAD}`, `${br}${t}1`, `x;${br}${t}1`]),
    ];
    for (const t of TRIGGERS) {
      for (const value of places(t)) {
        const file = fileOf(value, value, value);
        expect([value, liveCells(file)]).toEqual([value, []]);
        // The "," reader, the file's own, reads the three values back whole.
        expect(spreadsheetRows(file, ',').slice(1).map((row) => row.map(gist))).toEqual([[gist(value), gist(value), gist(value)]]);
      }
    }
  });

  it('leaves no live cell for any value of up to four characters of formula characters, separators, quotes, spaces and line breaks', () => {
    const alphabet = ['=', '\uFF0D', ';', ',', '\t', '"', ' ', '\n', '\r', '\u2028', 'a'];
    const values: string[] = [];
    for (let shorter = ['']; shorter[0].length < 4; ) {
      shorter = shorter.flatMap((v) => alphabet.map((c) => v + c));
      values.push(...shorter);
    }
    expect(values).toHaveLength(11 + 11 ** 2 + 11 ** 3 + 11 ** 4);
    const live = values.filter((value) => liveCells(fileOf(value, value, value)).length > 0);
    expect(live).toEqual([]);
  });

  it('writes our own numbers bare, so every reader sees a number; a negative one stays a number literal', () => {
    expect([csvNumber(3), csvNumber(88.5, 2), csvNumber(100, 2), csvNumber(0, 2)].map(csvField)).toEqual(['3', '88.50', '100.00', '0.00']);
    // No score, week or attempt is negative (scores are 0–100); were one, -1.50 is a number, not a formula.
    expect(csvField(csvNumber(-1.5, 2))).toBe('-1.50');
    expect(() => csvNumber(Number.NaN)).toThrow(RangeError);
    expect(() => csvNumber(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
  });

  it('writes a header and one CRLF-ended line per row, and refuses a row of the wrong width', () => {
    expect(csvDocument(['name', 'score'], [['Ada', csvNumber(1)], ['Bo', null]])).toBe('"name","score"\r\n"Ada",1\r\n"Bo",\r\n');
    expect(csvDocument(['name'], [])).toBe('"name"\r\n');
    expect(() => csvDocument(['name', 'score'], [['Ada']])).toThrow(RangeError);
  });
});

describe('the spreadsheet reader of the tests', () => {
  it('splits at the separator it is given, keeps quoted separators and line breaks, reads a quote mid-cell as text', () => {
    const text = '"a,b";c,"d\r\ne"\r\n"x""y",z"w;v\n';
    expect(spreadsheetRows(text, ',')).toEqual([['a,b;c', 'd\r\ne'], ['x"y', 'z"w;v']]);
    // A ";" reader: the quote before d is mid-cell, so the line break ends the row there.
    expect(spreadsheetRows(text, ';')).toEqual([['a,b', 'c,"d'], ['e"'], ['x"y,z"w', 'v']]);
    expect(spreadsheetRows('"a","b;=c"', ';')).toEqual([['a,"b', '=c"']]);
    expect(liveCells('"a","b;=c"\r\n')).toEqual([{ separator: ';', row: 0, cell: '=c"' }]);
  });
});
