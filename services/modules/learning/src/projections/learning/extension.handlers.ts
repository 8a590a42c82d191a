// learning's copy of the students' extensions (grading's ExtensionGranted / ExtensionRevoked, issue 30 §4):
// rare events (a teacher's act each), so one statement per event; then the student's latest attempt at
// the item is judged again against the due date that counts now, as grading's read model does (ADR 0041,
// "When late is judged"). They write `work`, so the set's run collected before them is written first.
import { type EventHandler, instant, type ProjectionTx, withTables } from '@academy/event-store';
import { ExtensionGrantedV1, ExtensionRevokedV1, GRADING_EVENTS } from '@academy/contracts';
import { sql } from 'kysely';
import { LearningExtension } from './extension.entity.js';

/**
 * The attempt late when it came after the student's due date now: the extension when it is later than
 * the item's due date (a task's or a capstone's), else the item's; no due date, never late. An item no
 * longer in the lessons leaves its row as it was.
 */
async function judgeAgain(tx: ProjectionTx, studentId: string, itemId: string): Promise<void> {
  await sql`UPDATE work AS w SET late = d.due_at IS NOT NULL AND w.submitted_at > d.due_at
    FROM (SELECT CASE WHEN x.due_at > i.due_at THEN x.due_at ELSE i.due_at END AS due_at
          FROM (SELECT id, due_at FROM tasks WHERE id = ${itemId} UNION ALL SELECT id, due_at FROM capstones WHERE id = ${itemId}) AS i
          LEFT JOIN extensions x ON x.student_id = ${studentId} AND x.item_id = i.id) AS d
    WHERE w.student_id = ${studentId} AND w.item_id = ${itemId}`.execute(tx.em.getKysely());
}

const handlers: Record<string, EventHandler> = {
  [GRADING_EVENTS.ExtensionGranted]: async (e, tx) => {
    const d = ExtensionGrantedV1.parse(e);
    await tx.em.createQueryBuilder(LearningExtension).insert({ studentId: d.studentId, itemId: d.itemId, dueAt: instant(d.dueAt) }).onConflict(['studentId', 'itemId']).merge(['dueAt']).execute();
    await judgeAgain(tx, d.studentId, d.itemId);
  },
  [GRADING_EVENTS.ExtensionRevoked]: async (e, tx) => {
    const d = ExtensionRevokedV1.parse(e);
    await tx.em.createQueryBuilder(LearningExtension).delete().where({ studentId: d.studentId, itemId: d.itemId }).execute();
    await judgeAgain(tx, d.studentId, d.itemId);
  },
};

export const extensionHandlers = withTables({ writes: ['extensions', 'work'], reads: ['tasks', 'capstones'] }, handlers);
