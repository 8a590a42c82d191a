// The students' extensions (ExtensionGranted / ExtensionRevoked, issue 30 §4): a teacher's act each, rare,
// so one statement per event. They write only `extensions`: the submissions set is not concerned.
import { type EventHandler, instant, withTables } from '@academy/event-store';
import { ExtensionGrantedV1, ExtensionRevokedV1, GRADING_EVENTS } from '@academy/contracts';
import { GradingExtension } from './extension.entity.js';

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
  },
  [GRADING_EVENTS.ExtensionRevoked]: async (e, tx) => {
    const d = ExtensionRevokedV1.parse(e);
    await tx.em.createQueryBuilder(GradingExtension).delete().where({ studentId: d.studentId, itemId: d.itemId }).execute();
  },
};

export const extensionHandlers = withTables({ writes: ['extensions'] }, handlers);
