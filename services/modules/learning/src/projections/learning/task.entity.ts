import { defineEntity, p } from '@mikro-orm/core';
import type { LatePolicy } from '@academy/contracts';

/** `tasks`: a week's daily tasks (Day 1–5), from the context's own events. */
export const LearningTask = defineEntity({
  name: 'LearningTask',
  tableName: 'tasks',
  properties: {
    id: p.uuid().primary(),
    weekId: p.uuid(),
    dayNumber: p.integer(),
    title: p.text(),
    description: p.text(),
    instructions: p.text(),
    dueAt: p.datetime().nullable(),
    // Version 2 (issue 30 §4): 'accept' late work flagged, or 'closed' after the due date.
    latePolicy: p.text().$type<LatePolicy>(),
  },
  indexes: [{ name: 'tasks_week_idx', properties: ['weekId', 'dayNumber'] }],
});
