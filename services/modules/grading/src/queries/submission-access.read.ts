// Who may read a submission (one submission, its grade history) and which teacher teaches a subject
// (those, the teacher Submissions and the CSV export): reads of the grading read schema shared by query slices.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, type Principal, readModelEm } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { GradingAssignment } from '../projections/grading/assignment.entity.js';
import { GradingSubmission } from '../projections/grading/submission.entity.js';
import { GRADING_PROJECTION } from '../projections/grading/grading.projection.js';

/** Whether `teacherId` is assigned to `subjectId`. */
export async function isAssigned(em: EntityManager, teacherId: string, subjectId: string): Promise<boolean> {
  if (!isUuid(teacherId) || !isUuid(subjectId)) return false;
  return (await orNone(readModelEm(em, GRADING_PROJECTION).count(GradingAssignment, { teacherId, subjectId }), 0)) > 0;
}

/** The stream, subject and student of a submission (null: unknown). */
export async function readStreamOf(em: EntityManager, id: string): Promise<{ streamId: string; subjectId: string; studentId: string } | null> {
  if (!isUuid(id)) return null;
  const row = await orNone(readModelEm(em, GRADING_PROJECTION).findOne(GradingSubmission, { id }, { fields: ['streamId', 'subjectId', 'studentId'], disableIdentityMap: true }), null);
  return row ? { streamId: row.streamId, subjectId: row.subjectId, studentId: row.studentId } : null;
}

/**
 * Object-level read access to a submission of `subjectId` owned by `studentId`: admin any; a teacher
 * only of their assigned subjects (403); a student only their own (404: another's does not exist for them).
 */
export async function assertCanRead(em: EntityManager, principal: Principal, subjectId: string, studentId: string): Promise<void> {
  if (principal.role === 'admin') return;
  if (principal.role === 'teacher') {
    if (!(await isAssigned(em, principal.userId, subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    return;
  }
  if (principal.role === 'student' && principal.userId === studentId) return;
  throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
}
