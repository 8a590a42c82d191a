import { GRADE_STATUS_LABELS, LEARNING_MESSAGES, type GradeStatus } from '@academy/contracts';
import { NOT_YET } from '@academy/web-dashboard';

/**
 * The status badge of a task or capstone (spec §2 Weekly Lessons): Not Submitted, Submitted (no grade
 * yet), or the grade's status.
 */
export function itemStatusLabel(submission: { gradeStatus: GradeStatus | null } | null): string {
  if (!submission) return LEARNING_MESSAGES.notSubmitted;
  return submission.gradeStatus ? GRADE_STATUS_LABELS[submission.gradeStatus] : LEARNING_MESSAGES.submitted;
}

/** The status of a submission in My Grades: one without a grade counts as Pending (spec §4). */
export const gradeStatusLabel = (status: GradeStatus | null | undefined) => GRADE_STATUS_LABELS[status ?? 'pending'];

/** The badge colour of a status. */
export function statusVariant(status: GradeStatus | null | undefined): 'success' | 'destructive' | 'warning' | 'secondary' {
  if (status === 'passed') return 'success';
  if (status === 'failed') return 'destructive';
  if (status === 'needs_revision') return 'warning';
  return 'secondary';
}

/** "87.5/100" with one decimal (spec §9), NOT_YET when there is no score to average. */
export const formatAverage = (average: number | null) => (average === null ? NOT_YET : `${average.toFixed(1)}/100`);
/** "67%", whole percent; NOT_YET when nothing is graded yet. */
export const formatPercent = (percent: number | null) => (percent === null ? NOT_YET : `${Math.round(percent)}%`);
/** A score as entered (up to two decimals), "—" without one. */
export const formatScore = (score: number | null | undefined) => (score === null || score === undefined ? NOT_YET : String(Math.round(score * 100) / 100));
