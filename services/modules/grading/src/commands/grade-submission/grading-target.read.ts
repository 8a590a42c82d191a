// What a grade is checked against (GradeSubmission's precondition), in one statement as before: the
// submission's stream, subject and student, its item's title, and whether the teacher teaches its subject.
// Before ADR 0018 it was a named prepared statement; MikroORM inlines values and prepares nothing. Issue
// 15 §4 keeps raw statements for the lessons benchmark's reads only; the commands benchmark (Grade
// Submission, docs/benchmarks.md) measured this one prepared and is to be run again.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import { GradingAssignment } from '../../projections/grading/assignment.entity.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingItem } from '../../projections/grading/item.entity.js';
import { GradingSubmission } from '../../projections/grading/submission.entity.js';

export interface GradingTarget {
  streamId: string;
  subjectId: string;
  studentId: string;
  itemId: string;
  title: string;
  assigned: boolean;
}

/** null: no such submission. `assigned`: `teacherId` teaches its subject. */
export async function readGradingTarget(em: EntityManager, submissionId: string, teacherId: string): Promise<GradingTarget | null> {
  if (!isUuid(submissionId) || !isUuid(teacherId)) return null;
  const read = readModelEm(em, GRADING_PROJECTION);
  const row = await orNone(
    read
      .createQueryBuilder(GradingSubmission, 's')
      .select(['s.streamId', 's.subjectId', 's.studentId', 's.itemId', sql.ref('i.title').as('title'), sql`a.id is not null`.as('assigned')])
      .leftJoin(read.createQueryBuilder(GradingItem), 'i', { 'i.id': sql.ref('s.item_id') })
      // An assignment of this teacher to the submission's subject (any one: limit 1).
      .leftJoin(read.createQueryBuilder(GradingAssignment), 'a', { 'a.subject_id': sql.ref('s.subject_id'), 'a.teacher_id': teacherId })
      .where({ id: submissionId })
      .limit(1)
      .execute<{ streamId: string; subjectId: string; studentId: string; itemId: string; title: string | null; assigned: boolean } | undefined>('get'),
    undefined,
  );
  return row ? { streamId: row.streamId, subjectId: row.subjectId, studentId: row.studentId, itemId: row.itemId, title: row.title ?? '', assigned: row.assigned } : null;
}
