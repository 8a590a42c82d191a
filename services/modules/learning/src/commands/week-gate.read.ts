// The week commands' precondition reads (see week-gate.ts): whether the subject exists and the caller
// teaches it, and the subject of a week. From the read schema's views onto the live version of the
// learning projection, through MikroORM (ADR 0018).
import { sql } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import { LearningAssignment } from '../projections/learning/assignment.entity.js';
import { LearningSubject } from '../projections/learning/subject.entity.js';
import { LearningWeek } from '../projections/learning/week.entity.js';
import { LEARNING_PROJECTION } from '../projections/learning/learning.projection.js';

export interface TeacherAccess {
  subjectExists: boolean;
  assigned: boolean;
}

/**
 * Whether the subject exists and `teacherId` teaches it, in ONE statement (one snapshot, two index
 * lookups): the subject's row with the teacher's assignment to it LEFT JOINed (no row: no subject).
 */
export async function readTeacherAccess(em: EntityManager, teacherId: string, subjectId: string): Promise<TeacherAccess> {
  if (!isUuid(subjectId) || !isUuid(teacherId)) return { subjectExists: false, assigned: false };
  const read = readModelEm(em, LEARNING_PROJECTION);
  const row = await orNone(
    read
      .createQueryBuilder(LearningSubject, 's')
      .select(['s.id', sql.ref('a.id').as('assignment')])
      .leftJoin(read.createQueryBuilder(LearningAssignment).where({ teacherId }), 'a', { 'a.subject_id': sql.ref('s.id') })
      .where({ id: subjectId })
      .limit(1)
      .execute<{ id: string; assignment: string | null } | null | undefined>('get'),
    null,
  );
  // No row (MikroORM answers null or undefined for none): no such subject.
  return { subjectExists: row != null, assigned: row != null && row.assignment !== null };
}

/** The subject of a week (null: no such week, a malformed id, or no schema yet). */
export async function readSubjectOfWeek(em: EntityManager, weekId: string): Promise<string | null> {
  if (!isUuid(weekId)) return null;
  const week = await orNone(readModelEm(em, LEARNING_PROJECTION).findOne(LearningWeek, { id: weekId }, { disableIdentityMap: true, fields: ['subjectId'] }), null);
  return week?.subjectId ?? null;
}
