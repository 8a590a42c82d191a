import { describe, expect, it } from '@jest/globals';
import type { MyGradesResponse, Submission } from '@academy/contracts';
import { gradingKeys } from '@academy/web-dashboard';
import { GradesPage } from './grades-page';
import { cells, figure, rendererFor, rowOf, text } from '@academy/web-dashboard/testing';

const render = rendererFor('student');

const graded = (over: Partial<Submission>): Submission => ({
  id: 'x',
  kind: 'task',
  itemId: 'i',
  title: 'Task',
  dayNumber: 1,
  weekId: 'w-1',
  weekNumber: 1,
  subjectId: 's-1',
  subjectName: 'HTML & CSS',
  studentId: 'u-s',
  studentName: 'Lerato Mokoena',
  studentEmail: 's@academy.test',
  githubUrl: 'https://github.com/lerato/a',
  notes: '',
  submittedAt: '2026-11-23T10:00:00.000Z',
  dueAt: null,
  extended: false, awaitingReply: false,
  late: false,
  attempt: 1,
  latest: true,
  grade: null,
  pin: null,
  version: 1,
  ...over,
});
const teacherGrade = (status: 'passed' | 'failed', score: number | null, feedback = '') => ({ status, score, feedback, teacherId: 't', teacherName: 'Tendai Moyo', gradedAt: '2026-11-24T10:00:00.000Z' });

describe('My Grades', () => {
  const answer: MyGradesResponse = {
    submissions: [
      graded({ id: 'a', kind: 'capstone', title: 'Landing page', dayNumber: null, grade: teacherGrade('passed', 90, 'Great work') }),
      graded({ id: 'b', title: 'Flexbox', grade: teacherGrade('failed', 75) }),
      graded({ id: 'c', title: 'Grid' }),
    ],
    summary: { averageScore: 82.5, total: 3, graded: 2, passRate: 50 },
  };

  it('shows the cards, and a row per submission with type, status and feedback or No feedback yet', () => {
    const html = render(<GradesPage />, [[gradingKeys.myGrades, answer]]);
    expect(figure(html, 'Average Score')).toBe('82.5/100');
    expect(figure(html, 'Submissions')).toBe('3');
    expect(text(html)).toContain('2 graded');
    expect(figure(html, 'Pass Rate')).toBe('50%');
    expect(cells(rowOf(html, 'data-submission-id="a"'))).toEqual(['Capstone', 'Landing page Week 1 · HTML & CSS', '23 Nov 2026', '90', 'Passed', 'Great work', 'Conversation']);
    expect(cells(rowOf(html, 'data-submission-id="b"'))).toEqual(['Task', 'Flexbox Week 1 · HTML & CSS', '23 Nov 2026', '75', 'Failed', 'No feedback yet', 'Conversation']);
    expect(cells(rowOf(html, 'data-submission-id="c"')).slice(3)).toEqual(['—', 'Pending', 'No feedback yet', 'Conversation']);
    expect(html).toContain('aria-label="Conversation: Landing page"');
  });

  it('offers Resubmit on the latest attempt that needs revision, and only there', () => {
    const revise = { ...teacherGrade('failed', 40), status: 'needs_revision' as const };
    const html = render(<GradesPage />, [
      [
        gradingKeys.myGrades,
        { ...answer, submissions: [graded({ id: 'new', attempt: 2, grade: revise }), graded({ id: 'old', latest: false, grade: revise })] },
      ],
    ]);
    expect(cells(rowOf(html, 'data-submission-id="new"')).at(-1)).toBe('Conversation Resubmit Task');
    expect(cells(rowOf(html, 'data-submission-id="old"')).at(-1)).toBe('Conversation');
  });

  it('shows an attempt judged against an extension as extended, with the date that counted', () => {
    const html = render(<GradesPage />, [[gradingKeys.myGrades, { ...answer, submissions: [graded({ id: 'e', title: 'Forms', extended: true, dueAt: '2099-01-05T15:00:00.000Z' })] }]]);
    expect(cells(rowOf(html, 'data-submission-id="e"'))[1]).toMatch(/^Forms Week 1 · HTML & CSS · Extended to 5 Jan 2099, 17:00/);
  });

  it('says so when nothing was submitted yet', () => {
    const html = render(<GradesPage />, [[gradingKeys.myGrades, { submissions: [], summary: { averageScore: null, total: 0, graded: 0, passRate: null } }]]);
    expect(text(html)).toContain('No submissions yet. Complete weekly tasks to see your grades here.');
    expect(figure(html, 'Average Score')).toBe('—');
  });
});
