// Rubrics (RubricSet, issue 30 §2): a teacher's act, rare, so one statement per event; every version is
// kept (a grade's breakdown names the version it used). It writes only `rubrics`.
import { type EventHandler, instant, withTables } from '@academy/event-store';
import { GRADING_EVENTS, RubricSetV1 } from '@academy/contracts';
import { GradingRubric } from './rubric.entity.js';

const handlers: Record<string, EventHandler> = {
  [GRADING_EVENTS.RubricSet]: async (e, tx) => {
    const d = RubricSetV1.parse(e);
    await tx.em
      .createQueryBuilder(GradingRubric)
      .insert({ itemId: d.itemId, version: d.version, kind: d.kind, criteria: d.criteria, setBy: d.teacherId, setAt: instant(e.metadata.occurredAt) })
      .onConflict(['itemId', 'version'])
      .ignore()
      .execute();
  },
};

export const rubricHandlers = withTables({ writes: ['rubrics'] }, handlers);
