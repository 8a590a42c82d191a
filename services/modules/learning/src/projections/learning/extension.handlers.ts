// learning's copy of the students' extensions (grading's ExtensionGranted / ExtensionRevoked, issue 30 §4):
// rare events (a teacher's act each), so one statement per event.
import { type EventHandler, instant, withTables } from '@academy/event-store';
import { ExtensionGrantedV1, ExtensionRevokedV1, GRADING_EVENTS } from '@academy/contracts';
import { LearningExtension } from './extension.entity.js';

const handlers: Record<string, EventHandler> = {
  [GRADING_EVENTS.ExtensionGranted]: async (e, tx) => {
    const d = ExtensionGrantedV1.parse(e);
    await tx.em.createQueryBuilder(LearningExtension).insert({ studentId: d.studentId, itemId: d.itemId, dueAt: instant(d.dueAt) }).onConflict(['studentId', 'itemId']).merge(['dueAt']).execute();
  },
  [GRADING_EVENTS.ExtensionRevoked]: async (e, tx) => {
    const d = ExtensionRevokedV1.parse(e);
    await tx.em.createQueryBuilder(LearningExtension).delete().where({ studentId: d.studentId, itemId: d.itemId }).execute();
  },
};

export const extensionHandlers = withTables({ writes: ['extensions'] }, handlers);
