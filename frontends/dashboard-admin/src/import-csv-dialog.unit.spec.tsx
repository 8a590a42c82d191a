import { describe, expect, it } from '@jest/globals';
import type { ImportEnrollmentsResponse } from '@academy/contracts';
import { CSV_HEADER, CSV_SAMPLE, IMPORT_START, ImportCsvForm, canApply, canCheck, importReducer, type ImportState } from './import-csv-dialog';
import { cells, rendererFor, rowOf, text } from '@academy/web-dashboard/testing';

const render = rendererFor('admin');

const csv = `${CSV_HEADER}\nlerato@academy.test,Web Development,HTML & CSS\nnobody@academy.test,Web Development,HTML & CSS\n`;
const row = (line: number, studentEmail: string, problems: string[] = []) => ({ line, studentEmail, program: 'Web Development', subject: 'HTML & CSS', problems });
const withProblems: ImportEnrollmentsResponse = {
  message: 'The file has problems: nothing was enrolled.',
  dryRun: true,
  problemCount: 1,
  enrolled: 0,
  rows: [row(2, 'lerato@academy.test'), row(3, 'nobody@academy.test', ['No student has this email'])],
};
const clean: ImportEnrollmentsResponse = { message: 'All rows are fine', dryRun: true, problemCount: 0, enrolled: 0, rows: [row(2, 'lerato@academy.test')] };
const chosen: ImportState = { ...IMPORT_START, fileName: 'students.csv', csv };

const button = (html: string, name: string) => new RegExp(`<button[^>]*>${name}</button>`).exec(html)?.[0] ?? '';
const isDisabled = (html: string, name: string) => /disabled=""/.test(button(html, name));

describe('the CSV import dialog', () => {
  it('goes from no file to a chosen file, a check, and its report; another file forgets the old report', () => {
    expect([canCheck(IMPORT_START), canApply(IMPORT_START)]).toEqual([false, false]);
    expect([canCheck(chosen), canApply(chosen)]).toEqual([true, false]);
    const checking = importReducer(chosen, { type: 'busy', busy: 'checking' });
    expect([canCheck(checking), canApply(checking)]).toEqual([false, false]);
    const bad = importReducer(checking, { type: 'report', report: withProblems });
    expect([canCheck(bad), canApply(bad)]).toEqual([true, false]);
    const good = importReducer(checking, { type: 'report', report: clean });
    expect([canCheck(good), canApply(good)]).toEqual([true, true]);
    expect(canApply(importReducer(good, { type: 'busy', busy: 'applying' }))).toBe(false);
    expect(importReducer(good, { type: 'file', fileName: 'other.csv', csv })).toEqual({ ...IMPORT_START, fileName: 'other.csv', csv });
    // A failed apply forgets the check: the file must be checked again.
    expect(importReducer(good, { type: 'failed', error: 'The file has problems: nothing was enrolled.' })).toMatchObject({ report: null, error: 'The file has problems: nothing was enrolled.' });
    expect(importReducer(IMPORT_START, { type: 'file', fileName: 'big.csv', csv: null, error: 'The file is larger than 1 MB' })).toMatchObject({ csv: null, error: 'The file is larger than 1 MB' });
  });

  it('shows the format and a sample, a labelled file input, and both buttons disabled before a file is chosen', () => {
    const html = render(<ImportCsvForm onDone={() => undefined} />);
    expect(text(html)).toContain('student_email,program,subject');
    expect(html).toContain(`<pre aria-label="Sample file"`);
    expect(text(html)).toContain(text(CSV_SAMPLE));
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>CSV file<\/label>/);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*accept=".csv,text\/csv"/);
    expect([isDisabled(html, 'Check file'), isDisabled(html, 'Enroll all')]).toEqual([true, true]);
  });

  it('lists every row with its problems and keeps Enroll all disabled while one row has a problem', () => {
    const html = render(<ImportCsvForm initial={{ ...chosen, report: withProblems }} onDone={() => undefined} />);
    expect(cells(rowOf(html, 'data-line="3"'))).toEqual(['3', 'nobody@academy.test', 'Web Development', 'HTML & CSS', 'No student has this email']);
    expect(cells(rowOf(html, 'data-line="2"'))).toEqual(['2', 'lerato@academy.test', 'Web Development', 'HTML & CSS', 'OK']);
    expect(text(html)).toContain('1 of 2 rows have problems');
    expect([isDisabled(html, 'Check file'), isDisabled(html, 'Enroll all')]).toEqual([false, true]);
  });

  it('enables Enroll all for a clean file, and shows what is under way', () => {
    const html = render(<ImportCsvForm initial={{ ...chosen, report: clean }} onDone={() => undefined} />);
    expect(text(html)).toContain('All 1 row is fine.');
    expect([isDisabled(html, 'Check file'), isDisabled(html, 'Enroll all')]).toEqual([false, false]);
    expect(render(<ImportCsvForm initial={{ ...chosen, busy: 'checking' }} onDone={() => undefined} />)).toMatch(/<button[^>]*disabled=""[^>]*>Checking...<\/button>/);
    expect(render(<ImportCsvForm initial={{ ...chosen, report: clean, busy: 'applying' }} onDone={() => undefined} />)).toMatch(/<button[^>]*disabled=""[^>]*>Enrolling...<\/button>/);
    expect(text(render(<ImportCsvForm initial={{ ...IMPORT_START, fileName: 'e.csv', error: 'The file is empty' }} onDone={() => undefined} />))).toContain('The file is empty');
  });
});
