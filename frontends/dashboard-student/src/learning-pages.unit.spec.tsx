import { describe, expect, it } from '@jest/globals';
import type { LessonsResponse, LessonSubmission, MyGradesResponse, ProgressResponse, StudentDashboardResponse, Submission } from '@academy/contracts';
import { gradingKeys, learningKeys } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import { GradesPage } from './grades-page';
import { formatAverage, formatPercent, formatScore, itemStatusLabel } from './grading-format';
import { LessonsPage } from './lessons-page';
import { ProgressPage, progressTotals } from './progress-page';
import { cells, figure, rendererFor, rowOf, text } from '@academy/web-dashboard/testing';
import { trendCoordinates } from './score-chart';
import { submitLabel } from './submit-dialog';

const render = rendererFor('student');

const submission = (over: Partial<LessonSubmission> = {}): LessonSubmission => ({
  submissionId: 'sub-1',
  githubUrl: 'https://github.com/lerato/portfolio',
  notes: '',
  submittedAt: '2026-11-23T10:00:00.000Z',
  late: false,
  attempt: 1,
  gradeStatus: null,
  score: null,
  feedback: null,
  canResubmit: false,
  ...over,
});

const task = (day: number, sub: LessonSubmission | null) => ({
  id: `t-${day}`,
  weekId: 'w-1',
  dayNumber: day,
  title: `Task of day ${day}`,
  description: 'Build it',
  instructions: 'Push it to GitHub',
  dueAt: null,
  latePolicy: 'accept' as const,
  extendedDueAt: null,
  submission: sub,
});

const lessons: LessonsResponse = {
  enrollment: { enrollmentId: 'e-1', programId: 'p-1', programName: 'Web Development', programType: 'evening', currentWeek: 1 },
  weeks: [
    {
      id: 'w-1',
      subjectId: 's-1',
      subjectName: 'HTML & CSS',
      weekNumber: 1,
      past: false,
      title: 'Semantic markup',
      objectives: 'Write accessible pages',
      tasks: [task(1, null), task(2, submission()), task(3, submission({ gradeStatus: 'passed', score: 90 }))],
      capstone: {
        id: 'c-1',
        weekId: 'w-1',
        title: 'Landing page',
        description: 'A landing page',
        instructions: 'Deploy it',
        dueAt: '2026-11-27T17:00:00.000Z',
        latePolicy: 'accept',
        extendedDueAt: null,
        submission: submission({ gradeStatus: 'needs_revision', score: 55.5, feedback: 'Fix the header', canResubmit: true, late: true }),
      },
    },
  ],
};

describe('formatting of grades', () => {
  it('labels an item Not Submitted, Submitted, or by its grade status', () => {
    expect(itemStatusLabel(null)).toBe('Not Submitted');
    expect(itemStatusLabel({ gradeStatus: null })).toBe('Submitted');
    expect(itemStatusLabel({ gradeStatus: 'needs_revision' })).toBe('Needs Revision');
    expect(itemStatusLabel({ gradeStatus: 'passed' })).toBe('Passed');
  });

  it('shows the average with one decimal out of 100, whole percents, and scores as entered', () => {
    expect(formatAverage(82)).toBe('82.0/100');
    expect(formatAverage(77.25)).toBe('77.3/100');
    expect(formatAverage(null)).toBe('—');
    expect(formatPercent(66.7)).toBe('67%');
    expect(formatPercent(null)).toBe('—');
    expect(formatScore(87.55)).toBe('87.55');
    expect(formatScore(null)).toBe('—');
  });

  it('names the submit buttons as the spec does', () => {
    expect(submitLabel('task', false)).toBe('Submit Task');
    expect(submitLabel('capstone', false)).toBe('Submit Capstone');
    expect(submitLabel('capstone', true)).toBe('Resubmit Capstone');
  });
});

describe('Weekly Lessons', () => {
  it('shows each task as Day N, title and status badge, and the Capstone Project with its link, feedback, score and resubmission', () => {
    const html = render(<LessonsPage />, [[learningKeys.lessons, lessons]]);
    const all = text(html);
    expect(all).toContain('Web Development · Week 1 of 20');
    expect(all).toContain('Week 1: Semantic markup');
    expect(all).toContain('Write accessible pages');
    expect(all).toContain('Day 1 Task of day 1 Not Submitted');
    expect(all).toContain('Day 2 Task of day 2 Submitted');
    expect(all).toContain('Day 3 Task of day 3 Passed');
    expect(all).toContain('Capstone Project Needs Revision Landing page');
    expect(html).toContain('href="https://github.com/lerato/portfolio"');
    expect(all).toContain('Feedback: Fix the header');
    expect(all).toContain('Score: 55.5/100');
    expect(all).toContain('Late');
    expect(all).toContain('Resubmit Capstone');
    expect(all).not.toContain('Submit Capstone Submit');
  });

  it('nests its headings without skipping a level and names each Daily tasks section after its subject and week (axe heading-order, landmark-unique)', () => {
    const capstone = lessons.weeks[0].capstone!;
    const week = (n: number, past: boolean) => ({ ...lessons.weeks[0], id: `w-${n}`, weekNumber: n, past, title: `Topic ${n}`, capstone: { ...capstone, id: `c-${n}` } });
    const html = render(<LessonsPage />, [[learningKeys.lessons, { ...lessons, enrollment: { ...lessons.enrollment!, currentWeek: 2 }, weeks: [week(2, false), week(1, true)] }]]);
    const headings = [...html.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/g)].map(([, level, inner]) => `h${level} ${text(inner)}`);
    const days = (level: number) => [`h${level} Day 1 Task of day 1 Not Submitted`, `h${level} Day 2 Task of day 2 Submitted`, `h${level} Day 3 Task of day 3 Passed`];
    expect(headings.filter((h) => !/^h\d (Description|Instructions)$/.test(h))).toEqual([
      'h1 Weekly Lessons',
      'h2 Week 2: Topic 2',
      'h3 Daily Tasks',
      ...days(4),
      'h3 Capstone Project',
      'h2 Earlier weeks',
      'h3 Week 1: Topic 1',
      'h4 Daily Tasks',
      ...days(5),
      'h4 Capstone Project',
    ]);
    const sections = [...html.matchAll(/<section aria-label="([^"]*)"/g)].map(([, name]) => name.replaceAll('&amp;', '&'));
    expect(sections).toEqual([`Daily tasks: ${lessons.weeks[0].subjectName}, week 2`, `Daily tasks: ${lessons.weeks[0].subjectName}, week 1`]);
  });

  it('offers Submit Capstone while the capstone is not submitted', () => {
    const week = { ...lessons.weeks[0], capstone: { ...lessons.weeks[0].capstone!, submission: null } };
    const all = text(render(<LessonsPage />, [[learningKeys.lessons, { ...lessons, weeks: [week] }]]));
    expect(all).toContain('Capstone Project Not Submitted Landing page');
    expect(all).toContain('Submit Capstone');
    expect(all).not.toContain('Resubmit');
  });

  it('lists the earlier weeks after the current one, read-only: link, feedback and score, no first submission, a resubmission after needs_revision', () => {
    const capstone = lessons.weeks[0].capstone!;
    const week = (n: number, past: boolean, sub: LessonSubmission | null) => ({ ...lessons.weeks[0], id: `w-${n}`, weekNumber: n, past, title: `Topic ${n}`, capstone: { ...capstone, id: `c-${n}`, title: `Capstone ${n}`, submission: sub } });
    const weeks = [week(4, false, null), week(3, true, submission({ gradeStatus: 'needs_revision', feedback: 'Fix the header', score: 55.5, canResubmit: true })), week(2, true, null), week(1, true, submission({ gradeStatus: 'passed', score: 72, feedback: 'Tidy' }))];
    const all = text(render(<LessonsPage />, [[learningKeys.lessons, { ...lessons, enrollment: { ...lessons.enrollment!, currentWeek: 4 }, weeks }]]));
    const at = (s: string) => all.indexOf(s);
    const order = ['Week 4: Topic 4', 'Earlier weeks', 'Week 3: Topic 3', 'Week 2: Topic 2', 'Week 1: Topic 1'].map(at);
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order).toEqual([...order].sort((x, y) => x - y));
    const [current, w3, w2, w1] = [all.slice(0, at('Earlier weeks')), all.slice(at('Week 3'), at('Week 2')), all.slice(at('Week 2'), at('Week 1')), all.slice(at('Week 1'))];
    expect(current).toContain('Submit Capstone');
    expect(current).not.toContain('Past week');
    expect(w3).toContain('Resubmit Capstone');
    expect(w2).toContain('Capstone Project Not Submitted');
    expect(w2).not.toContain('Submit Capstone');
    expect(w1).toContain('https://github.com/lerato/portfolio');
    expect(w1).toContain('Feedback: Tidy');
    expect(w1).toContain('Score: 72/100');
    expect(w1).not.toMatch(/Submit (Task|Capstone)/);
    expect(all.split('Past week')).toHaveLength(4);
  });

  it('says No Content Available above the earlier weeks when the current week has none', () => {
    const all = text(render(<LessonsPage />, [[learningKeys.lessons, { ...lessons, weeks: [{ ...lessons.weeks[0], past: true }] }]]));
    expect(all.indexOf("No Content Available - Content for this week hasn't been published yet.")).toBeLessThan(all.indexOf('Earlier weeks'));
  });

  it("says No Content Available or No Active Enrollment, word for word", () => {
    expect(text(render(<LessonsPage />, [[learningKeys.lessons, { ...lessons, weeks: [] }]]))).toContain(
      "No Content Available - Content for this week hasn't been published yet.",
    );
    expect(text(render(<LessonsPage />, [[learningKeys.lessons, { enrollment: null, weeks: [] }]]))).toContain('No Active Enrollment');
  });
});

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
  extended: false,
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
    expect(cells(rowOf(html, 'data-submission-id="a"'))).toEqual(['Capstone', 'Landing page Week 1 · HTML & CSS', '23 Nov 2026', '90', 'Passed', 'Great work', '']);
    expect(cells(rowOf(html, 'data-submission-id="b"'))).toEqual(['Task', 'Flexbox Week 1 · HTML & CSS', '23 Nov 2026', '75', 'Failed', 'No feedback yet', '']);
    expect(cells(rowOf(html, 'data-submission-id="c"')).slice(3)).toEqual(['—', 'Pending', 'No feedback yet', '']);
  });

  it('offers Resubmit on the latest attempt that needs revision, and only there', () => {
    const revise = { ...teacherGrade('failed', 40), status: 'needs_revision' as const };
    const html = render(<GradesPage />, [
      [
        gradingKeys.myGrades,
        { ...answer, submissions: [graded({ id: 'new', attempt: 2, grade: revise }), graded({ id: 'old', latest: false, grade: revise })] },
      ],
    ]);
    expect(cells(rowOf(html, 'data-submission-id="new"')).at(-1)).toBe('Resubmit Task');
    expect(cells(rowOf(html, 'data-submission-id="old"')).at(-1)).toBe('');
  });

  it('says so when nothing was submitted yet', () => {
    const html = render(<GradesPage />, [[gradingKeys.myGrades, { submissions: [], summary: { averageScore: null, total: 0, graded: 0, passRate: null } }]]);
    expect(text(html)).toContain('No submissions yet. Complete weekly tasks to see your grades here.');
    expect(figure(html, 'Average Score')).toBe('—');
  });
});

describe('Progress', () => {
  const progress: ProgressResponse = {
    currentWeek: 2,
    percent: 10,
    weeks: [{ weekNumber: 1, tasksSubmitted: 2, tasksGraded: 1, capstonesSubmitted: 1, capstonesPassed: 1, averageScore: 85 }],
    trend: [
      { gradedAt: '2026-11-24T10:00:00.000Z', score: 80, title: 'Flexbox', kind: 'task', weekNumber: 1 },
      { gradedAt: '2026-11-24T11:00:00.000Z', score: 90, title: 'Landing page', kind: 'capstone', weekNumber: 1 },
    ],
  };

  it('shows the week, the totals, the week-by-week table and the score trend', () => {
    const html = render(<ProgressPage />, [[gradingKeys.progress, progress]]);
    expect(text(/data-testid="program-progress">(.*?)<\/span>/.exec(html)?.[1] ?? '')).toBe('Week 2 of 20 · 10%');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="10"/);
    expect(figure(html, 'Tasks Submitted')).toBe('2');
    expect(figure(html, 'Capstones Passed')).toBe('1');
    expect(cells(rowOf(html, 'data-week="1"'))).toEqual(['Week 1', '2', '1', 'Passed', '85.0/100']);
    expect(html).toContain('aria-label="Score trend: Week 1 Flexbox 80, Week 1 Landing page 90"');
    expect([...html.matchAll(/data-score="([^"]+)"/g)].map((m) => m[1])).toEqual(['80', '90']);
  });

  it('adds up the weeks', () => {
    expect(progressTotals([...progress.weeks, { weekNumber: 2, tasksSubmitted: 3, tasksGraded: 3, capstonesSubmitted: 0, capstonesPassed: 0, averageScore: null }])).toEqual({
      tasksSubmitted: 5,
      tasksGraded: 4,
      capstonesPassed: 1,
    });
  });

  it('draws 0 at the bottom and 100 at the top, left to right in order', () => {
    const [low, high, mid] = trendCoordinates([
      { label: 'a', score: 0 },
      { label: 'b', score: 100 },
      { label: 'c', score: 50 },
    ]);
    expect(low.y).toBeGreaterThan(mid.y);
    expect(mid.y).toBeGreaterThan(high.y);
    expect(low.x).toBeLessThan(high.x);
    expect(high.x).toBeLessThan(mid.x);
    expect(trendCoordinates([{ label: 'only', score: 120 }])[0].y).toBe(high.y);
  });
});

describe('student Dashboard', () => {
  it('shows the real figures of the enrollment, this week and the grades', () => {
    const answer: StudentDashboardResponse = { currentWeek: 4, tasksCompleted: 3, tasksTotal: 5, averageGrade: 81.25, activeCourse: { programId: 'p', programName: 'Web Development', programType: 'evening' } };
    const html = render(<DashboardHome />, [[gradingKeys.studentDashboard, answer]]);
    expect(figure(html, 'Current Week')).toBe('Week 4 of 20');
    expect(figure(html, 'Tasks Completed')).toBe('3/5');
    expect(figure(html, 'Average Grade')).toBe('81.3/100');
    expect(figure(html, 'Active Course')).toBe('Web Development');
    expect(html).toContain('href="/dashboard/student/progress"');
    // Enrolled: the note about what happens after enrollment is gone.
    expect(text(html)).not.toContain('Getting started');
  });

  it('shows — and Not enrolled, and the Getting started note, without an active enrollment', () => {
    const html = render(<DashboardHome />, [[gradingKeys.studentDashboard, { currentWeek: null, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: null }]]);
    expect(figure(html, 'Current Week')).toBe('—');
    expect(figure(html, 'Tasks Completed')).toBe('0/5');
    expect(figure(html, 'Active Course')).toBe('—');
    expect(text(html)).toContain('Not enrolled');
    expect(text(html)).toContain('Getting started');
  });
});
