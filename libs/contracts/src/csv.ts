// The one CSV writer (issue 28 §2): every CSV the academy writes goes through csvDocument.
//
// Why: cells hold what other people typed (a student's name, a task title, a teacher's name, an
// email), and a spreadsheet runs a cell that starts with a formula (`=cmd|' /C calc'!A0` runs a
// program). Excel splits a .csv at the system list separator: "," in some locales, ";" wherever the
// decimal mark is a comma (South Africa's convention). A ";" reader does not honour the quotes a ","
// writer placed: after `"a",` its quote is closed, so a ";" or a line break inside a later quoted
// text starts a new cell or row there. Quoting therefore protects the "," reader only; the rules
// below make a cell safe wherever either reader (or a tab reader) starts one:
// 1. Every line break (CRLF, CR, LF, VT, FF, NEL, U+2028, U+2029) in a text becomes one space, so no
//    reader starts a row inside a value (there is nothing to keep: names and titles are one line).
// 2. Wherever a cell can start inside a text (its start, and just after each "," ";" or tab in it),
//    if the first character past spaces and quotes is a formula trigger (= + - @, or the full-width
//    ＝ ＋ － ＠ that Excel honours too), a "'" is put there: the cell then starts with "'" and is
//    text in every reader. A text starting with a tab gets one too (some readers drop it and then
//    read what follows). Rule 2 runs after rule 1, so a value like "Ann\n=cmd" is caught.
// 3. Every text is then quoted ("" for a quote), so "," and ";" stay inside for a "," reader.
// 4. Numbers the academy computes itself (scores 0–100, week and attempt numbers) go through
//    csvNumber and are written bare, so every reader sees a number. They are never user text: a
//    CsvNumber holds only what Number#toFixed wrote (digits, ".", a leading "-"). None is negative
//    today; a negative one (-1.50) would be a number literal to a spreadsheet, not a formula.
// The reader of the enrollment import (services/modules/enrollment/src/domain/csv.ts) is separate.

/** A number the academy computed (never user text), written bare so every reader sees a number. */
export class CsvNumber {
  private constructor(readonly text: string) {}

  static of(value: number, decimals: number): CsvNumber {
    if (!Number.isFinite(value)) throw new RangeError(`A CSV number must be finite, not ${value}`);
    return new CsvNumber(value.toFixed(decimals));
  }
}

/** One cell: text (neutralised and quoted), a number of ours, or nothing (an empty cell). */
export type CsvCell = string | CsvNumber | null;

/** A number for a numeric column: `csvNumber(88.5, 2)` is written `88.50`. */
export function csvNumber(value: number, decimals = 0): CsvNumber {
  return CsvNumber.of(value, decimals);
}

const LINE_BREAK = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
// Past spaces and quotes: `x; "=cmd"` is a ";" reader's cell ` "=cmd"`, and `""=cmd` unquotes to `=cmd`.
const TRIGGER_AHEAD = String.raw`[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]`;
const FORMULA_AFTER_SEPARATOR = new RegExp(String.raw`([,;\t])(?=${TRIGGER_AHEAD})`, 'g');
const FORMULA_AT_START = new RegExp(String.raw`^(?=\t|${TRIGGER_AHEAD})`);

/** Rules 1 and 2: the text as written inside its quotes. */
function neutralised(text: string): string {
  return text.replace(LINE_BREAK, ' ').replace(FORMULA_AFTER_SEPARATOR, "$1'").replace(FORMULA_AT_START, "'");
}

/** One field as written: text neutralised and quoted, a number bare, nothing empty. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (cell instanceof CsvNumber) return cell.text;
  return `"${neutralised(cell).replace(/"/g, '""')}"`;
}

/** One line, without its line end. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',');
}

/** A whole file: the header, then one line per row, each ended by CRLF (RFC 4180). */
export function csvDocument(columns: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [csvLine(columns)];
  for (const row of rows) {
    if (row.length !== columns.length) throw new RangeError(`A CSV row has ${row.length} cells; the header has ${columns.length}`);
    lines.push(csvLine(row));
  }
  return `${lines.join('\r\n')}\r\n`;
}
