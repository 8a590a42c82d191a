// The screens' arithmetic: averages (one decimal), pass rates and percentages (whole), what counts as
// pending, which attempts count, and the teacher dashboard's most common week.
import { describe, expect, it } from '@jest/globals';
import type { GradeStatus, Submission } from '@academy/contracts';
import { average, cohortWeek, gradesSummary, isPending, oneDecimal, progress } from './figures.js';

let n = 0;
function attempt(o: { week?: number; kind?: 'task' | 'capstone'; latest?: boolean; status?: GradeStatus; score?: number | null; gradedAt?: string } = {}): Submission {
  n += 1;
  return {
    id: `s${n}`,
    kind: o.kind ?? 'task',
    itemId: `i${n}`,
    title: `Item ${n}`,
    dayNumber: 1,
    weekId: `w${o.week ?? 1}`,
    weekNumber: o.week ?? 1,
    subjectId: 'sj',
    subjectName: 'Web',
    studentId: 'st',
    studentName: 'Ada',
    studentEmail: 'ada@example.com',
    githubUrl: 'https://github.com/a/b',
    notes: '',
    submittedAt: '2026-11-01T00:00:00.000Z',
    dueAt: null,
    extended: false, awaitingReply: false,
    late: false,
    attempt: 1,
    latest: o.latest ?? true,
    grade: o.status === undefined ? null : { score: o.score ?? null, status: o.status, feedback: '', teacherId: 't', teacherName: 'T', gradedAt: o.gradedAt ?? '2026-11-02T00:00:00.000Z' },
    pin: null,
    version: 1,
  };
}

describe('rounding (spec §9)', () => {
  it('keeps one decimal, half up', () => {
    expect(oneDecimal(84.25)).toBe(84.3);
    expect(oneDecimal(84.24)).toBe(84.2);
    expect(oneDecimal(70)).toBe(70);
  });
  it('averages to one decimal, null when empty', () => {
    expect(average([80, 85, 91])).toBe(85.3);
    expect(average([])).toBeNull();
  });
});

describe('pending', () => {
  it('is no grade or a pending grade', () => {
    expect(isPending(attempt())).toBe(true);
    expect(isPending(attempt({ status: 'pending', score: 50 }))).toBe(true);
    expect(isPending(attempt({ status: 'needs_revision', score: 40 }))).toBe(false);
  });
});

describe('My Grades summary', () => {
  it('counts latest attempts only: average of scored ones, graded = not pending, whole pass rate', () => {
    const summary = gradesSummary([
      attempt({ latest: false, status: 'needs_revision', score: 10 }),
      attempt({ status: 'passed', score: 90 }),
      attempt({ status: 'failed', score: 45 }),
      attempt({ status: 'passed', score: null }),
      attempt({ status: 'pending', score: 70 }),
      attempt(),
    ]);
    // (90 + 45 + 70) / 3 = 68.33…; 2 passed of 3 graded = 66.67 %.
    expect(summary).toEqual({ averageScore: 68.3, total: 5, graded: 3, passRate: 67 });
  });
  it('has no average and no pass rate before any grade', () => {
    expect(gradesSummary([attempt()])).toEqual({ averageScore: null, total: 1, graded: 0, passRate: null });
    expect(gradesSummary([])).toEqual({ averageScore: null, total: 0, graded: 0, passRate: null });
  });
});

describe('Progress', () => {
  it('sums each week of the latest attempts and orders the trend by grading time', () => {
    const later = attempt({ week: 2, kind: 'capstone', status: 'passed', score: 88, gradedAt: '2026-11-05T00:00:00.000Z' });
    const earlier = attempt({ week: 1, status: 'passed', score: 71, gradedAt: '2026-11-03T00:00:00.000Z' });
    const old = attempt({ week: 1, latest: false, status: 'needs_revision', score: 30, gradedAt: '2026-11-01T00:00:00.000Z' });
    const r = progress([later, attempt({ week: 1 }), earlier, old], 3);
    expect(r.currentWeek).toBe(3);
    expect(r.percent).toBe(15); // week 3 of 20
    expect(r.weeks).toEqual([
      { weekNumber: 1, tasksSubmitted: 2, tasksGraded: 1, capstonesSubmitted: 0, capstonesPassed: 0, averageScore: 71 },
      { weekNumber: 2, tasksSubmitted: 0, tasksGraded: 0, capstonesSubmitted: 1, capstonesPassed: 1, averageScore: 88 },
    ]);
    expect(r.trend.map((t) => t.score)).toEqual([30, 71, 88]);
  });
  it('has no week or percentage without an active enrollment', () => {
    expect(progress([], null)).toEqual({ currentWeek: null, percent: null, weeks: [], trend: [] });
  });
});

describe('teacher dashboard cohort', () => {
  it('counts distinct students and takes the most common week, the lower on a tie', () => {
    expect(
      cohortWeek([
        { studentId: 'a', currentWeek: 3 },
        { studentId: 'b', currentWeek: 2 },
        { studentId: 'c', currentWeek: 3 },
        { studentId: 'c', currentWeek: 2 },
      ]),
    ).toEqual({ totalStudents: 3, currentWeek: 2 });
    expect(cohortWeek([{ studentId: 'a', currentWeek: 4 }])).toEqual({ totalStudents: 1, currentWeek: 4 });
    expect(cohortWeek([])).toEqual({ totalStudents: 0, currentWeek: null });
  });
});
