// The item an extension is about, as the extension command and the item's Extensions list read it from
// the grading read schema (issue 30 §4): its kind, subject, program, due date and late policy, and
// whether a teacher teaches its subject.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import type { LatePolicy, WorkKind } from '@academy/contracts';
import { GradingEnrollment } from '../projections/grading/enrollment.entity.js';
import { GRADING_PROJECTION } from '../projections/grading/grading.projection.js';
import { GradingItem } from '../projections/grading/item.entity.js';
import { GradingSubject } from '../projections/grading/subject.entity.js';
import { GradingWeek } from '../projections/grading/week.entity.js';
import { isAssigned } from './submission-access.read.js';

export interface ExtensionItem {
  itemId: string;
  kind: WorkKind;
  title: string;
  subjectId: string;
  programId: string;
  dueAt: string | null;
  latePolicy: LatePolicy;
}

interface ItemRow {
  kind: WorkKind;
  title: string;
  subjectId: string;
  programId: string;
  dueAt: Date | null;
  latePolicy: LatePolicy;
}

/** A live (not removed) item of a known week and subject, or null. */
export async function readExtensionItem(em: EntityManager, itemId: string): Promise<ExtensionItem | null> {
  if (!isUuid(itemId)) return null;
  const read = readModelEm(em, GRADING_PROJECTION);
  const row = await orNone(
    read
      .createQueryBuilder(GradingItem, 'i')
      .select(['i.kind', 'i.title', sql.ref('w.subject_id').as('subjectId'), sql.ref('sj.program_id').as('programId'), 'i.dueAt', 'i.latePolicy'])
      .join(read.createQueryBuilder(GradingWeek), 'w', { 'w.id': sql.ref('i.week_id') })
      .join(read.createQueryBuilder(GradingSubject), 'sj', { 'sj.id': sql.ref('w.subject_id') })
      .where({ id: itemId, removed: false })
      .execute<ItemRow | undefined>('get'),
    undefined,
  );
  if (!row) return null;
  return { itemId, kind: row.kind, title: row.title, subjectId: row.subjectId, programId: row.programId, dueAt: row.dueAt?.toISOString() ?? null, latePolicy: row.latePolicy };
}

/** What a teacher's grant or revoke is checked against: the item, whether they teach it, whether the student is actively enrolled in its program. */
export async function readExtensionTarget(em: EntityManager, itemId: string, teacherId: string, studentId: string) {
  const item = await readExtensionItem(em, itemId);
  if (!item) return null;
  const assigned = await isAssigned(em, teacherId, item.subjectId);
  const enrolled = isUuid(studentId) && (await orNone(readModelEm(em, GRADING_PROJECTION).count(GradingEnrollment, { studentId, programId: item.programId, status: 'active' }), 0)) > 0;
  return { item, assigned, enrolled };
}
