// The students' extensions (ExtensionGranted / ExtensionRevoked, issue 30 §4): a teacher's act each, rare,
// so one statement per event for `extensions`, then the (student, item)'s attempts judged again against
// the due date that counts now (ADR 0041, "When late is judged"): the log keeps what each submission was
// judged against, the read model shows what counts today. They write `submissions`, so the set's run
// collected before them is written first (withTables) and every attempt made before the event is a row.
import { type EventHandler, instant, type ProjectionTx, withTables } from '@academy/event-store';
import { ExtensionGrantedV1, ExtensionRevokedV1, GRADING_EVENTS } from '@academy/contracts';
import { sql } from 'kysely';
import { GradingExtension } from './extension.entity.js';

/**
 * Every attempt of (student, item) judged against the student's due date now: the extension when it is
 * later than the item's due date (an extension never shortens the time, as SubmitWork judges), else the
 * item's; no due date, never late. One UPDATE … FROM (MikroORM's QueryBuilder has no UPDATE … FROM).
 */
export async function judgeAgain(tx: ProjectionTx, studentId: string, itemId: string): Promise<void> {
  await sql`UPDATE submissions AS s SET due_at = d.due_at, extended = d.extended, late = d.due_at IS NOT NULL AND s.submitted_at > d.due_at
    FROM (SELECT CASE WHEN x.due_at > i.due_at THEN x.due_at ELSE i.due_at END AS due_at, COALESCE(x.due_at > i.due_at, false) AS extended
          FROM items i LEFT JOIN extensions x ON x.student_id = ${studentId} AND x.item_id = i.id WHERE i.id = ${itemId}) AS d
    WHERE s.student_id = ${studentId} AND s.item_id = ${itemId}`.execute(tx.em.getKysely());
}

const handlers: Record<string, EventHandler> = {
  [GRADING_EVENTS.ExtensionGranted]: async (e, tx) => {
    const d = ExtensionGrantedV1.parse(e);
    // Erased student: no reason to show (their rows go with UserDeleted anyway).
    const reason = ExtensionGrantedV1.personal(e)?.reason ?? '';
    await tx.em
      .createQueryBuilder(GradingExtension)
      .insert({ studentId: d.studentId, itemId: d.itemId, dueAt: instant(d.dueAt), reason, grantedBy: d.teacherId, grantedAt: instant(e.metadata.occurredAt) })
      .onConflict(['studentId', 'itemId'])
      .merge(['dueAt', 'reason', 'grantedBy', 'grantedAt'])
      .execute();
    await judgeAgain(tx, d.studentId, d.itemId);
  },
  [GRADING_EVENTS.ExtensionRevoked]: async (e, tx) => {
    const d = ExtensionRevokedV1.parse(e);
    await tx.em.createQueryBuilder(GradingExtension).delete().where({ studentId: d.studentId, itemId: d.itemId }).execute();
    await judgeAgain(tx, d.studentId, d.itemId);
  },
};

export const extensionHandlers = withTables({ writes: ['extensions', 'submissions'], reads: ['items'] }, handlers);
