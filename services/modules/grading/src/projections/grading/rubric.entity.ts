import { defineEntity, p } from '@mikro-orm/core';
import type { RubricCriterion } from '@academy/contracts';

/**
 * `rubrics` (version 6, issue 30 §2, ADR 0044): every version of every item's rubric (the highest is the
 * current one; a grade's breakdown names the version it used). Course content: no personal data.
 */
export const GradingRubric = defineEntity({
  name: 'GradingRubric',
  tableName: 'rubrics',
  properties: {
    itemId: p.uuid().primary(),
    version: p.integer().primary(),
    kind: p.text().$type<'levels' | 'checklist'>(),
    criteria: p.json<RubricCriterion[]>(),
    setBy: p.uuid(),
    setAt: p.datetime(),
  },
});
