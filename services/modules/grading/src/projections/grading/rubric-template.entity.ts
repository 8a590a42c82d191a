import { defineEntity, p } from '@mikro-orm/core';
import type { RubricCriterion } from '@academy/contracts';

/** `rubric_templates` (version 6, issue 30 §2): the admin's rubric templates, copied into items. Course content. */
export const GradingRubricTemplate = defineEntity({
  name: 'GradingRubricTemplate',
  tableName: 'rubric_templates',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    kind: p.text().$type<'levels' | 'checklist'>(),
    criteria: p.json<RubricCriterion[]>(),
    createdBy: p.uuid(),
    createdAt: p.datetime(),
  },
});
