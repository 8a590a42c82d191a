import { describe, expect, it } from '@jest/globals';
import type { InfiniteData } from '@tanstack/react-query';
import type { MySubjectsResponse, Submission, TeacherDashboardResponse, TeacherSubmissionsResponse, Week, WeeksResponse } from '@academy/contracts';
import { catalogKeys, fromDueDateInput, gradingKeys, learningKeys, toDueDateInput } from '@academy/web-dashboard';
import { firstFreeDay, moveTask, taskFormSchema } from './content-editor';
import { DashboardHome } from './dashboard-home';
import { describeGrade, gradeButtonLabel, scoreFromInput } from './grade-dialog';
import { cells, figure, rendererFor, rowOf, text } from '@academy/web-dashboard/testing';
import { SubmissionsPage, csvFileName, itemPlace } from './submissions-page';
import { WeeksPage, weekContents } from './weeks-page';

const render = rendererFor('teacher');

const subjects: MySubjectsResponse = {
  subjects: [
    { id: 's-html', name: 'HTML & CSS', programId: 'p-web', programName: 'Web Development', programType: 'evening', weekNumber: 1, description: '', createdAt: '2026-11-03T09:00:00.000Z' },
    { id: 's-js', name: 'JavaScript', programId: 'p-web', programName: 'Web Development', programType: 'evening', weekNumber: 2, description: '', createdAt: '2026-11-03T09:00:00.000Z' },
  ],
};

const week = (over: Partial<Week>): Week => ({
  id: 'w-1',
  subjectId: 's-html',
  subjectName: 'HTML & CSS',
  programId: 'p-web',
  programName: 'Web Development',
  weekNumber: 1,
  title: 'Semantic markup',
  objectives: 'Accessible pages',
  isPublished: false,
  tasks: [],
  capstone: null,
  createdAt: '2026-11-23T09:00:00.000Z',
  version: 1,
  ...over,
});
const taskOf = (day: number) => ({ id: `t-${day}`, weekId: 'w-1', dayNumber: day, title: `Day ${day} task`, description: '', instructions: '', dueAt: null, latePolicy: 'accept' as const });

describe('Weekly Content', () => {
  const weeks: WeeksResponse = {
    weeks: [
      week({}),
      week({ id: 'w-2', weekNumber: 2, title: 'Flexbox', isPublished: true, tasks: [taskOf(1), taskOf(2)], capstone: { id: 'c', weekId: 'w-2', title: 'Page', description: '', instructions: '', dueAt: null, latePolicy: 'accept' } }),
    ],
  };

  it('preselects the subject of ?subject= and shows each week with its Draft or Published badge and the matching toggle', () => {
    const html = render(<WeeksPage />, [[catalogKeys.mySubjects, subjects], [learningKeys.weeks('s-html'), weeks]], '/dashboard/teacher/weeks?subject=s-html');
    expect(html).toMatch(/<option value="s-html" selected="">HTML &amp; CSS — Web Development<\/option>/);
    const cards = [...html.matchAll(/<div[^>]*role="article"[^>]*>.*?<\/button><\/div><\/div>/g)].map((m) => text(m[0]));
    expect(cards).toEqual([
      'HTML & CSS · Week 1 Draft Week 1: Semantic markup Web Development Accessible pages 0 daily tasks · no capstone Edit Content Publish',
      'HTML & CSS · Week 2 Published Week 2: Flexbox Web Development Accessible pages 2 daily tasks · capstone Edit Content Unpublish',
    ]);
    expect(text(html)).toContain('Create Week');
  });

  it('ignores a ?subject= that is not one of the teacher subjects', () => {
    const html = render(<WeeksPage />, [[catalogKeys.mySubjects, subjects], [learningKeys.weeks(null), { weeks: [] }]], '/dashboard/teacher/weeks?subject=someone-elses');
    expect(html).toMatch(/<option value="" selected="">All my subjects<\/option>/);
    expect(text(html)).toContain('No weeks yet');
  });

  it('counts what a week holds', () => {
    expect(weekContents({ tasks: [taskOf(1)], capstone: null })).toBe('1 daily task · no capstone');
  });
});

describe('content editor helpers', () => {
  it('finds the first free day, none when all five are taken', () => {
    expect(firstFreeDay([])).toBe(1);
    expect(firstFreeDay([taskOf(1), taskOf(3)])).toBe(2);
    expect(firstFreeDay([1, 2, 3, 4, 5].map(taskOf))).toBeNull();
  });

  it('moves a task one place up or down, and not past either end', () => {
    expect(moveTask(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveTask(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveTask(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveTask(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('reads a datetime-local due date as academy time (Johannesburg, UTC+2) into an ISO instant and back; empty is no due date', () => {
    const iso = fromDueDateInput('2026-11-27T17:30');
    expect(iso).toBe('2026-11-27T15:30:00.000Z');
    expect(toDueDateInput(iso)).toBe('2026-11-27T17:30');
    expect(fromDueDateInput('  ')).toBeNull();
    expect(toDueDateInput(null)).toBe('');
    expect(taskFormSchema.safeParse({ dayNumber: 1, title: 'x', dueAt: '2026-13-45T99:99' }).error?.issues[0].message).toBe('Enter a valid due date and time');
  });

  it('checks a task with the API schema: day 1–5 and a title', () => {
    expect(taskFormSchema.safeParse({ dayNumber: 6, title: 'x', dueAt: '' }).error?.issues[0].message).toBe('Day must be a whole number from 1 to 5');
    expect(taskFormSchema.safeParse({ dayNumber: 1, title: ' ', dueAt: '' }).error?.issues[0].message).toBe('Title is required');
    expect(taskFormSchema.safeParse({ dayNumber: 1, title: 'x', dueAt: 'soon' }).error?.issues[0].message).toBe('Enter a valid due date and time');
    expect(taskFormSchema.safeParse({ dayNumber: 1, title: 'x', dueAt: '2026-11-27T17:30' }).success).toBe(true);
  });
});

const submission = (over: Partial<Submission>): Submission => ({
  id: 'sub',
  kind: 'task',
  itemId: 'i',
  title: 'Flexbox',
  dayNumber: 2,
  weekId: 'w-1',
  weekNumber: 1,
  subjectId: 's-html',
  subjectName: 'HTML & CSS',
  studentId: 'u-s',
  studentName: 'Lerato Mokoena',
  studentEmail: 'lerato@academy.test',
  githubUrl: 'https://github.com/lerato/flexbox',
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

describe('Submissions', () => {
  const pendingRow = submission({ id: 'p1', late: true, attempt: 2 });
  const gradedRow = submission({
    id: 'g1',
    kind: 'capstone',
    dayNumber: null,
    title: 'Landing page',
    grade: { score: 88.5, status: 'passed', feedback: 'Good', teacherId: 'u-t', teacherName: 'Tendai Moyo', gradedAt: '2026-11-24T10:00:00.000Z' },
  });
  /** The pending tab's cached pages (an infinite query's data), the last with `nextCursor`. */
  const pages = (nextCursor: string | null, counts = { pending: 51, graded: 7 }): InfiniteData<TeacherSubmissionsResponse> => ({
    pages: [{ counts, tab: 'pending', items: [pendingRow], nextCursor }],
    pageParams: [null],
  });
  const page = (data: InfiniteData<TeacherSubmissionsResponse>) =>
    render(<SubmissionsPage />, [[catalogKeys.mySubjects, subjects], [gradingKeys.teacherSubmissions(null, 'pending'), data]], '/dashboard/teacher/submissions');

  it("shows the tabs with their counts and the pending rows with Grade (spec §2)", () => {
    const html = page(pages(null, { pending: 1, graded: 1 }));
    expect(text(html)).toContain('Pending Review (1)');
    expect(text(html)).toContain('Graded (1)');
    expect(cells(rowOf(html, 'data-submission-id="p1"'))).toEqual([
      'lerato@academy.test Lerato Mokoena',
      'Task',
      'Flexbox HTML & CSS · Week 1 · Day 2 · attempt 2 Late',
      '23 Nov 2026',
      '—',
      'Pending',
      'Grade',
    ]);
    expect(html).toContain('Export CSV');
  });

  it('labels the tabs with the counts of the answer (not the rows loaded) and offers Load more only while there is a next page', () => {
    const more = page(pages('next-page-cursor'));
    expect([...more.matchAll(/<button[^>]*role="tab"[^>]*>(.*?)<\/button>/g)].map((m) => text(m[1]))).toEqual(['Pending Review (51)', 'Graded (7)']);
    expect(rowOf(more, 'data-submission-id="p1"')).not.toBe('');
    expect(text(more)).toContain('Load more');
    const last = page(pages(null));
    expect(text(last)).toContain('Pending Review (51)');
    expect(text(last)).not.toContain('Load more');
  });

  it('marks a row with an unanswered student reply in words, and filters to those on the server (?unanswered=1)', () => {
    const html = page(pages(null));
    expect(html).not.toContain('data-testid="unanswered-reply"');
    expect(text(html)).toContain('Only unanswered replies');
    const awaiting = { pages: [{ counts: { pending: 1, graded: 0 }, tab: 'pending' as const, items: [{ ...pendingRow, awaitingReply: true }], nextCursor: null }], pageParams: [null] };
    const filtered = render(<SubmissionsPage />, [[catalogKeys.mySubjects, subjects], [gradingKeys.teacherSubmissions(null, 'pending', true), awaiting]], '/dashboard/teacher/submissions?unanswered=1');
    expect(cells(rowOf(filtered, 'data-submission-id="p1"'))[2]).toBe('Flexbox HTML & CSS · Week 1 · Day 2 · attempt 2 Late Unanswered reply');
    expect(filtered).toMatch(/<button[^>]*role="switch"[^>]*aria-checked="true"/);
  });

  it('labels the buttons and the places of items, and describes grade changes', () => {
    expect(gradeButtonLabel({ grade: null })).toBe('Grade');
    expect(gradeButtonLabel(gradedRow)).toBe('Edit Grade');
    expect(itemPlace({ weekNumber: 3, dayNumber: null })).toBe('Week 3 · Capstone');
    expect(describeGrade(null)).toBe('no grade');
    expect(describeGrade({ status: 'needs_revision', score: 55.25, feedback: '' })).toBe('Needs Revision, 55.25');
    expect(describeGrade({ status: 'passed', score: null, feedback: '' })).toBe('Passed');
    expect(scoreFromInput('')).toBeNull();
    expect(scoreFromInput('87.5')).toBe(87.5);
    expect(csvFileName('HTML & CSS')).toBe('grades-html-css.csv');
  });
});

describe('teacher Dashboard', () => {
  it('shows the real figures', () => {
    const answer: TeacherDashboardResponse = { activeCourses: 2, totalStudents: 14, pendingGrading: 3, currentWeek: 4 };
    const html = render(<DashboardHome />, [[gradingKeys.teacherDashboard, answer]]);
    expect([figure(html, 'Active Courses'), figure(html, 'Total Students'), figure(html, 'Pending Grading'), figure(html, 'Current Week')]).toEqual(['2', '14', '3', 'Week 4']);
    expect(figure(render(<DashboardHome />, [[gradingKeys.teacherDashboard, { ...answer, currentWeek: null }]]), 'Current Week')).toBe('—');
  });
});
