// For tests only (@academy/contracts/testing): how a spreadsheet splits a CSV file, to check that no
// cell the academy writes would run as a formula (issue 28 §2). Never imported by app code.
//
// The reader is RFC 4180 read the way Excel and Python's csv module read it, with the separator a
// parameter (Excel uses the system list separator: "," or ";"): a quote opens a quoted part only at
// the start of a cell; inside it "" is a quote and a separator or line break stays in the cell; a
// closing quote is followed by plain text up to the next separator; a quote anywhere else is a plain
// character. Outside quotes a line break (CRLF, CR, LF, U+2028, U+2029) ends the row: stricter
// than Excel for the last two, on purpose, since some readers break there.

/** What makes a spreadsheet cell a formula, past leading spaces: its own list, not the writer's. */
const LIVE = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
const ROW_END = /\r\n|[\r\n\u2028\u2029]/y;

/** The rows and cells a reader splitting at `separator` sees in `text`. */
export function spreadsheetRows(text: string, separator: ',' | ';' | '\t'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let atCellStart = true;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
      continue;
    }
    ROW_END.lastIndex = i;
    const rowEnd = ROW_END.exec(text);
    if (c === '"' && atCellStart) quoted = true;
    else if (c === separator || rowEnd) {
      row.push(cell);
      cell = '';
      atCellStart = true;
      if (rowEnd) {
        rows.push(row);
        row = [];
        i += rowEnd[0].length - 1;
      }
      continue;
    } else cell += c;
    atCellStart = false;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Every cell that a "," reader, a ";" reader or a tab reader of `text` would run as a formula. */
export function liveCells(text: string): { separator: string; row: number; cell: string }[] {
  return ([',', ';', '\t'] as const).flatMap((separator) =>
    spreadsheetRows(text, separator).flatMap((cells, row) => cells.filter((cell) => LIVE.test(cell)).map((cell) => ({ separator, row, cell }))),
  );
}
