import { GRADE_CSV_COLUMNS, type Submission } from '@academy/contracts';
import { csvField, gradesCsv } from './grades-csv.js';

describe('grades CSV', () => {
  it('quotes commas, quotes and line breaks; defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@me')).toBe("'@me");
  });

  it('writes the header and one CRLF line per attempt, score with two decimals, pending when ungraded, times in the academy zone', () => {
    const base = {
      id: 's1', kind: 'task', itemId: 'i1', title: 'Forms, part 1', dayNumber: 1, weekId: 'w1', weekNumber: 3, subjectId: 'sj', subjectName: 'HTML',
      studentId: 'st', studentName: 'Ada', studentEmail: 'ada@x.io', githubUrl: 'https://github.com/ada/forms', notes: '', submittedAt: '2026-11-23T10:00:00.000Z',
      dueAt: null, late: true, attempt: 2, latest: true, version: 3,
    } as const;
    const rows: Submission[] = [
      { ...base, grade: { score: 88.5, status: 'passed', feedback: 'x', teacherId: 't', teacherName: 'Tess', gradedAt: '2026-11-23T11:00:00.000Z' } },
      { ...base, id: 's2', kind: 'capstone', title: 'Site', dayNumber: null, late: false, attempt: 1, grade: null },
    ];
    expect(gradesCsv(rows, 'Africa/Johannesburg').split('\r\n')).toEqual([
      GRADE_CSV_COLUMNS.join(','),
      'ada@x.io,Ada,3,task,"Forms, part 1",2,2026-11-23 12:00:00 +02:00,yes,https://github.com/ada/forms,passed,88.50,2026-11-23 13:00:00 +02:00,Tess',
      'ada@x.io,Ada,3,capstone,Site,1,2026-11-23 12:00:00 +02:00,no,https://github.com/ada/forms,pending,,,',
      '',
    ]);
  });
});
