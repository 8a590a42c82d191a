// What a submission is checked against (SubmitWork's precondition): the item's facts (kind, week,
// subject, program, due date, published, the subject's teachers) and whether the student is actively
// enrolled in its program, from the grading read schema.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import type { LatePolicy, WorkKind } from '@academy/contracts';
import type { ItemFacts } from '../../domain/work.js';
import { GradingAssignment } from '../../projections/grading/assignment.entity.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingEnrollment } from '../../projections/grading/enrollment.entity.js';
import { GradingItem } from '../../projections/grading/item.entity.js';
import { GradingSubject } from '../../projections/grading/subject.entity.js';
import { GradingWeek } from '../../projections/grading/week.entity.js';

interface ItemRow {
  title: string;
  kind: WorkKind;
  weekId: string;
  subjectId: string;
  programId: string;
  dueAt: Date | null;
  latePolicy: LatePolicy;
  isPublished: boolean;
}

/** A live (not removed) item of a known week and subject, or null. */
async function readItem(em: EntityManager, itemId: string): Promise<ItemFacts | null> {
  const read = readModelEm(em, GRADING_PROJECTION);
  const row = await orNone(
    read
      .createQueryBuilder(GradingItem, 'i')
      .select(['i.title', 'i.kind', 'i.weekId', sql.ref('w.subject_id').as('subjectId'), sql.ref('sj.program_id').as('programId'), 'i.dueAt', 'i.latePolicy', sql.ref('w.is_published').as('isPublished')])
      .join(read.createQueryBuilder(GradingWeek), 'w', { 'w.id': sql.ref('i.week_id') })
      .join(read.createQueryBuilder(GradingSubject), 'sj', { 'sj.id': sql.ref('w.subject_id') })
      .where({ id: itemId, removed: false })
      .execute<ItemRow | undefined>('get'),
    undefined,
  );
  if (!row) return null;
  // The subject's teachers now (the event names them: they are told of the submission).
  const teachers = await read.find(GradingAssignment, { subjectId: row.subjectId }, { fields: ['teacherId'], orderBy: { teacherId: 'asc' }, disableIdentityMap: true });
  return {
    title: row.title,
    teacherIds: teachers.map((a) => a.teacherId),
    kind: row.kind,
    itemId,
    weekId: row.weekId,
    subjectId: row.subjectId,
    programId: row.programId,
    dueAt: row.dueAt?.toISOString() ?? null,
    latePolicy: row.latePolicy,
    published: row.isPublished,
  };
}

/** The item and whether `studentId` is actively enrolled in its program (false when there is no item). */
export async function readSubmitFacts(em: EntityManager, studentId: string, itemId: string): Promise<{ item: ItemFacts | null; enrolled: boolean }> {
  const item = isUuid(itemId) ? await readItem(em, itemId) : null;
  if (!item) return { item, enrolled: false };
  const read = readModelEm(em, GRADING_PROJECTION);
  const enrolled = (await orNone(read.count(GradingEnrollment, { studentId, programId: item.programId, status: 'active' }), 0)) > 0;
  return { item, enrolled };
}
