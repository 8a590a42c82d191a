import { describe, expect, it } from '@jest/globals';
import type { LessonsResponse, LessonSubmission } from '@academy/contracts';
import { learningKeys } from '@academy/web-dashboard';
import { formatAverage, formatPercent, formatScore, itemStatusLabel } from './grading-format';
import { LessonsPage } from './lessons-page';
import { rendererFor, text } from '@academy/web-dashboard/testing';
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
