import { GRADE_CSV_COLUMNS, type Submission } from '@academy/contracts';
import { liveCells, spreadsheetRows } from '@academy/contracts/testing';
import { gradesCsv } from './grades-csv.js';

const JHB = 'Africa/Johannesburg';
const base = {
  id: 's1', kind: 'task', itemId: 'i1', title: 'Forms, part 1', dayNumber: 1, weekId: 'w1', weekNumber: 3, subjectId: 'sj', subjectName: 'HTML',
  studentId: 'st', studentName: 'Ada', studentEmail: 'ada@x.io', githubUrl: 'https://github.com/ada/forms', notes: '', submittedAt: '2026-11-23T10:00:00.000Z',
  dueAt: null, extended: false, awaitingReply: false, late: true, attempt: 2, latest: true, pin: null, version: 3,
} as const;
const graded = (teacherName: string, criterion?: string): Submission['grade'] => ({
  score: 88.5,
  status: 'passed',
  feedback: 'x',
  teacherId: 't',
  teacherName,
  gradedAt: '2026-11-23T11:00:00.000Z',
  rubric: criterion === undefined ? null : { version: 2, criteria: [{ criterionId: 'c1', title: criterion, level: 'Good', points: 2, maxPoints: 4, comment: 'private' }, { criterionId: 'c2', title: 'Layout', level: 'Done', points: 3, maxPoints: 3, comment: '' }] },
});

describe('grades CSV', () => {
  it('writes the quoted header and one CRLF line per attempt: week, attempt and score as numbers (two decimals), pending when ungraded, times in the academy zone, the extended due date when judged against one, the rubric breakdown without its comments', () => {
    const rows: Submission[] = [
      { ...base, grade: graded('Tess') },
      { ...base, id: 's2', kind: 'capstone', title: 'Site', dayNumber: null, late: false, attempt: 1, grade: null },
      { ...base, id: 's3', late: false, attempt: 1, dueAt: '2026-11-30T21:59:00.000Z', extended: true, grade: null },
      { ...base, id: 's4', grade: graded('Tess', 'Markup') },
    ];
    expect(gradesCsv(rows, JHB).split('\r\n')).toEqual([
      GRADE_CSV_COLUMNS.map((c) => `"${c}"`).join(','),
      '"ada@x.io","Ada",3,"task","Forms, part 1",2,"2026-11-23 12:00:00 +02:00","yes",,"https://github.com/ada/forms","passed",88.50,"2026-11-23 13:00:00 +02:00","Tess",',
      '"ada@x.io","Ada",3,"capstone","Site",1,"2026-11-23 12:00:00 +02:00","no",,"https://github.com/ada/forms","pending",,,,',
      '"ada@x.io","Ada",3,"task","Forms, part 1",1,"2026-11-23 12:00:00 +02:00","no","2026-11-30 23:59:00 +02:00","https://github.com/ada/forms","pending",,,,',
      '"ada@x.io","Ada",3,"task","Forms, part 1",2,"2026-11-23 12:00:00 +02:00","yes",,"https://github.com/ada/forms","passed",88.50,"2026-11-23 13:00:00 +02:00","Tess","Markup: Good (2/4); Layout: Done (3/3)"',
      '',
    ]);
  });

  // Issue 28 §2: Excel reads a .csv at the system list separator, ";" where the decimal mark is a comma.
  it('gives neither a "," nor a ";" reader a live cell for a name, title, teacher or rubric criterion that carries a formula after a ";" or a line break', () => {
    const hostile = ["L5 x;=cmd|' /C calc'!A0;x", "Ann\n=cmd|' /C calc'!A0", "Ann\r\n+cmd|' /C calc'!A0", '@SUM(1+1)', 'Bo;\u2028-2+3'];
    const rows: Submission[] = hostile.map((name, i) => ({ ...base, id: `s${i}`, studentName: name, title: name, grade: graded(name, name) }));
    const file = gradesCsv(rows, JHB);
    expect(liveCells(file)).toEqual([]);
    // The file's own "," reader keeps every line's fifteen cells, the text as typed but for the marks.
    const read = spreadsheetRows(file, ',');
    expect(read.map((cells) => cells.length)).toEqual([15, 15, 15, 15, 15, 15]);
    expect(read.slice(1).map((cells) => cells[1])).toEqual(["L5 x;'=cmd|' /C calc'!A0;x", 'Ann =cmd|\' /C calc\'!A0', 'Ann +cmd|\' /C calc\'!A0', "'@SUM(1+1)", "Bo;' -2+3"]);
  });
});
