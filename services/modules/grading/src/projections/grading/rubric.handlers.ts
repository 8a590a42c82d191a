// Rubrics (RubricSet, issue 30 §2): a teacher's act, rare, so one statement per event; every version is
// kept (a grade's breakdown names the version it used). The admin's templates likewise into `rubric_templates`.
import { type EventHandler, instant, withTables } from '@academy/event-store';
import { GRADING_EVENTS, RubricSetV1, RubricTemplateCreatedV1 } from '@academy/contracts';
import { GradingRubric } from './rubric.entity.js';
import { GradingRubricTemplate } from './rubric-template.entity.js';

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
  [GRADING_EVENTS.RubricTemplateCreated]: async (e, tx) => {
    const d = RubricTemplateCreatedV1.parse(e);
    await tx.em
      .createQueryBuilder(GradingRubricTemplate)
      .insert({ id: d.templateId, name: d.name, kind: d.kind, criteria: d.criteria, createdBy: d.adminId, createdAt: instant(e.metadata.occurredAt) })
      .onConflict('id')
      .ignore()
      .execute();
  },
};

export const rubricHandlers = withTables({ writes: ['rubrics', 'rubric_templates'] }, handlers);
