// The grading screens' arithmetic (spec §8 dashboards, §9 rounding), pure: the reads fetch rows, these
// turn them into the figures My Grades, Progress and the dashboards show. Unit-tested in figures.unit.spec.ts.
import { PROGRAM_WEEKS, type MyGradesResponse, type ProgressResponse, type Submission } from '@academy/contracts';

/** One decimal (spec §9). */
export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The mean, one decimal; null when there is nothing to average. */
export function average(scores: number[]): number | null {
  return scores.length ? oneDecimal(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
}

/** A whole percentage of `part` in `whole` (whole > 0). */
export const wholePercent = (part: number, whole: number) => Math.round((part / whole) * 100);

/** Pending review: no grade, or status pending (spec §4). */
export const isPending = (s: Submission) => s.grade === null || s.grade.status === 'pending';

/** The scores of the attempts that have one (a grade without a score does not count). */
const scoresOf = (of: Submission[]) => of.flatMap((s) => (s.grade?.score == null ? [] : [s.grade.score]));

/** The average of the scored attempts, one decimal (null: none scored). */
export const averageScore = (of: Submission[]) => average(scoresOf(of));

/** My Grades' summary over the latest attempts: each item counted once. */
export function gradesSummary(submissions: Submission[]): MyGradesResponse['summary'] {
  const latest = submissions.filter((s) => s.latest);
  const graded = latest.filter((s) => !isPending(s));
  const passed = graded.filter((s) => s.grade!.status === 'passed').length;
  return {
    averageScore: averageScore(latest),
    total: latest.length,
    graded: graded.length,
    passRate: graded.length ? wholePercent(passed, graded.length) : null,
  };
}

/** Progress: per week of the latest attempts, and every scored attempt by grading time (the trend). */
export function progress(submissions: Submission[], currentWeek: number | null): ProgressResponse {
  const latest = submissions.filter((s) => s.latest);
  const weeks = [...new Set(latest.map((s) => s.weekNumber))].sort((a, b) => a - b);
  return {
    currentWeek,
    percent: currentWeek === null ? null : wholePercent(currentWeek, PROGRAM_WEEKS),
    weeks: weeks.map((weekNumber) => {
      const of = latest.filter((s) => s.weekNumber === weekNumber);
      const tasks = of.filter((s) => s.kind === 'task');
      const capstones = of.filter((s) => s.kind === 'capstone');
      return {
        weekNumber,
        tasksSubmitted: tasks.length,
        tasksGraded: tasks.filter((s) => !isPending(s)).length,
        capstonesSubmitted: capstones.length,
        capstonesPassed: capstones.filter((s) => s.grade?.status === 'passed').length,
        averageScore: averageScore(of),
      };
    }),
    trend: submissions
      .filter((s) => s.grade?.score != null)
      .sort((a, b) => a.grade!.gradedAt.localeCompare(b.grade!.gradedAt))
      .map((s) => ({ gradedAt: s.grade!.gradedAt, score: s.grade!.score!, title: s.title, kind: s.kind, weekNumber: s.weekNumber })),
  };
}

/** The teacher dashboard's students: distinct students, and their most common current week (ties go to the lower week; null: none). */
export function cohortWeek(students: { studentId: string; currentWeek: number }[]): { totalStudents: number; currentWeek: number | null } {
  const counts = new Map<number, number>();
  for (const s of students) counts.set(s.currentWeek, (counts.get(s.currentWeek) ?? 0) + 1);
  const currentWeek = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
  return { totalStudents: new Set(students.map((s) => s.studentId)).size, currentWeek };
}
