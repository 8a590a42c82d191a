// Time travel (issue 16, ADR 0031): one enrollment as it stood after some of its events, folded with
// this context's own evolve, so the auditor's past view and the live screens cannot drift apart. Pure.
import { fold, type StoredEvent } from '@academy/event-store';
import { type AsOfEnrollmentFold, ENROLLMENT_EVENTS, PROGRAM_WEEKS, type StudentEnrolledData } from '@academy/contracts';
import { enrollmentDecider } from './enrollment.js';

/** The enrollment after `events` (its stream's, oldest first); null when it was not enrolled yet. */
export function enrollmentAsOf(events: StoredEvent[]): AsOfEnrollmentFold | null {
  const state = fold(enrollmentDecider, events);
  const enrolled = events.find((e) => e.type === ENROLLMENT_EVENTS.StudentEnrolled);
  if (!state.exists || !enrolled) return null;
  return {
    enrollmentId: state.enrollmentId!,
    code: (enrolled.data as StudentEnrolledData).code,
    studentId: state.studentId!,
    programId: state.programId!,
    subjectId: state.subjectId!,
    status: state.status,
    currentWeek: state.currentWeek,
    // As the student's Progress shows it (grading's figures: whole percent of the program's weeks).
    percent: Math.round((state.currentWeek / PROGRAM_WEEKS) * 100),
    // As the projection stamps it: the enrolling command's clock.
    enrolledAt: new Date(enrolled.metadata.occurredAt).toISOString(),
    activatedAt: state.activatedAt ? new Date(state.activatedAt).toISOString() : null,
    completedAt: state.completedAt ? new Date(state.completedAt).toISOString() : null,
  };
}
