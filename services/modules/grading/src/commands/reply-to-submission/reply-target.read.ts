// What a reply is checked against (ReplyToSubmission's precondition): the submission's student, item,
// subject and title, and the teachers assigned to its subject now (told of a student's reply; one of
// them may be the caller).
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import type { WorkKind } from '@academy/contracts';
import type { RepliedSubmission } from '../../domain/conversation.js';
import { GradingAssignment } from '../../projections/grading/assignment.entity.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingItem } from '../../projections/grading/item.entity.js';
import { GradingSubmission } from '../../projections/grading/submission.entity.js';

/** null: no such submission. */
export async function readReplyTarget(em: EntityManager, submissionId: string): Promise<RepliedSubmission | null> {
  if (!isUuid(submissionId)) return null;
  const read = readModelEm(em, GRADING_PROJECTION);
  const row = await orNone(
    read
      .createQueryBuilder(GradingSubmission, 's')
      .select(['s.studentId', 's.itemId', 's.kind', 's.subjectId', sql.ref('i.title').as('title')])
      .leftJoin(read.createQueryBuilder(GradingItem), 'i', { 'i.id': sql.ref('s.item_id') })
      .where({ id: submissionId })
      .execute<{ studentId: string; itemId: string; kind: WorkKind; subjectId: string; title: string | null } | undefined>('get'),
    undefined,
  );
  if (!row) return null;
  const teachers = await orNone(read.find(GradingAssignment, { subjectId: row.subjectId }, { fields: ['teacherId'], disableIdentityMap: true }), []);
  const target: RepliedSubmission = { submissionId, studentId: row.studentId, itemId: row.itemId, kind: row.kind, subjectId: row.subjectId, teacherIds: [...new Set(teachers.map((t) => t.teacherId))] };
  if (row.title !== null) target.title = row.title;
  return target;
}
