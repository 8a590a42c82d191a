// A small RFC 4180 reader for the enrollment import: comma-separated, fields optionally in double
// quotes ("" is a quote inside one; a quoted field may hold commas and line breaks), LF or CRLF line
// ends, an optional UTF-8 BOM. Blank lines are skipped. Each record keeps the line it starts on.
import { ENROLLMENT_CSV_COLUMNS } from '@academy/contracts';

export const MAX_IMPORT_ROWS = 2000;

export interface CsvRecord {
  /** 1-based line of the file where the record starts (the header is line 1). */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  override readonly name = 'CsvError';
}

export function parseCsv(text: string): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = () => {
    fields.push(field);
    if (touched || fields.length > 1 || field !== '') records.push({ line: start, fields });
    fields = [];
    field = '';
    touched = false;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (field !== '') throw new CsvError(`Line ${line}: a quote may only start a field`);
      quoted = true;
      touched = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      touched = true;
    } else if (c === '\r' && src[i + 1] === '\n') {
      continue;
    } else if (c === '\n') {
      endRecord();
      line++;
      start = line;
    } else {
      field += c;
    }
  }
  if (quoted) throw new CsvError(`Line ${start}: a quoted field is not closed`);
  endRecord();
  return records;
}

export interface ImportLine {
  line: number;
  studentEmail: string;
  program: string;
  subject: string;
  /** Problems of the shape of the line itself (missing fields, extra columns). */
  problems: string[];
}

/** The header must be exactly the three columns (any case, spaces around ignored). */
export function readImportFile(text: string): ImportLine[] {
  const [header, ...rows] = parseCsv(text);
  const expected = ENROLLMENT_CSV_COLUMNS.join(',');
  if (!header || header.fields.map((f) => f.trim().toLowerCase()).join(',') !== expected) {
    throw new CsvError(`The first line must be the header ${expected}`);
  }
  if (rows.length === 0) throw new CsvError('The file has no rows below the header');
  if (rows.length > MAX_IMPORT_ROWS) throw new CsvError(`The file has ${rows.length} rows: at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} are allowed`);
  return rows.map(({ line, fields }) => {
    const [studentEmail = '', program = '', subject = ''] = fields.map((f) => f.trim());
    const problems: string[] = [];
    if (fields.length > 3) problems.push(`Expected 3 columns, found ${fields.length}`);
    if (!studentEmail) problems.push('student_email is required');
    if (!program) problems.push('program is required');
    if (!subject) problems.push('subject is required');
    return { line, studentEmail, program, subject, problems };
  });
}
