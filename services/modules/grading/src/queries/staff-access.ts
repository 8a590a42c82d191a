import { type Principal } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import type { GradingReader } from '../projections/grading/grading.reader.js';

/**
 * Object-level read access to a submission of `subjectId` owned by `studentId`: admin any; a teacher
 * only of their assigned subjects (403); a student only their own (404: another's does not exist for them).
 */
export async function assertCanRead(reader: GradingReader, principal: Principal, subjectId: string, studentId: string): Promise<void> {
  if (principal.role === 'admin') return;
  if (principal.role === 'teacher') {
    if (!(await reader.isAssigned(principal.userId, subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    return;
  }
  if (principal.role === 'student' && principal.userId === studentId) return;
  throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
}
