import { ENROLLMENT_MESSAGES } from '@academy/contracts';
import { CsvError, MAX_IMPORT_ROWS, parseCsv, readImportFile } from './csv.js';
import { checkImport } from './import-check.js';

describe('CSV reader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF, a BOM; skips blank lines; keeps each record\'s first line', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""",z\r\n\r\n"multi\nline",2,3\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'z'] },
      { line: 4, fields: ['multi\nline', '2', '3'] },
    ]);
    expect(parseCsv('a,b\nc,')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', ''] },
    ]);
  });

  it('refuses an unclosed quote and a quote inside an unquoted field', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b"c"\n')).toThrow(/quote/);
  });

  it('needs the header, at least one row and at most 2,000; names missing fields and extra columns', () => {
    expect(() => readImportFile('email,program\nx,y')).toThrow(/student_email,program,subject/);
    expect(() => readImportFile('student_email,program,subject\n')).toThrow(/no rows/);
    const big = ['student_email,program,subject', ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `s${i}@x.io,P,S`)].join('\n');
    expect(() => readImportFile(big)).toThrow(/at most 2,000/);
    expect(readImportFile(' Student_Email , PROGRAM,subject\r\n a@x.io ,Web,\r\nb@x.io,Web,CSS,extra')).toEqual([
      { line: 2, studentEmail: 'a@x.io', program: 'Web', subject: '', problems: ['subject is required'] },
      { line: 3, studentEmail: 'b@x.io', program: 'Web', subject: 'CSS', problems: ['Expected 3 columns, found 4'] },
    ]);
  });
});

describe('import check', () => {
  const knowledge = {
    people: [
      { id: 'st1', role: 'student', email: 'ada@x.io' },
      { id: 'st2', role: 'student', email: 'bob@x.io' },
      { id: 't1', role: 'teacher', email: 'tess@x.io' },
    ],
    programs: [
      { id: 'p1', name: 'Web Development' },
      { id: 'p2', name: 'Data' },
    ],
    subjects: [
      { id: 's1', program_id: 'p1', name: 'CSS' },
      { id: 's2', program_id: 'p2', name: 'SQL' },
    ],
    unfinished: [{ student_id: 'st2', program_id: 'p2' }],
  };
  const line = (n: number, studentEmail: string, program: string, subject: string) => ({ line: n, studentEmail, program, subject, problems: [] });

  it('names every problem of every row and targets only clean rows', () => {
    const rows = checkImport(
      [
        line(2, 'ADA@x.io', 'web development', 'css'),
        line(3, 'nobody@x.io', 'Web Development', 'CSS'),
        line(4, 'tess@x.io', 'Cooking', 'CSS'),
        line(5, 'bob@x.io', 'Web Development', 'SQL'),
        line(6, 'bob@x.io', 'Data', 'SQL'),
        line(7, 'ada@x.io', 'Web Development', 'CSS'),
      ],
      knowledge,
    );
    expect(rows.map((r) => [r.line, r.problems])).toEqual([
      [2, []],
      [3, ['No account has the email nobody@x.io']],
      [4, ['tess@x.io is not a student', 'Unknown program: Cooking']],
      [5, [`${ENROLLMENT_MESSAGES.subjectNotInProgram}: SQL`]],
      [6, [ENROLLMENT_MESSAGES.alreadyEnrolled]],
      [7, ['Duplicate of line 2: one enrollment per student and program']],
    ]);
    expect(rows[0].target).toEqual({ studentId: 'st1', programId: 'p1', subjectId: 's1' });
    expect(rows.slice(1).every((r) => r.target === null)).toBe(true);
  });
});
