import { defineEntity, p } from '@mikro-orm/core';
import type { LatePolicy } from '@academy/contracts';

/** `capstones`: a week's one capstone, from the context's own events. */
export const LearningCapstone = defineEntity({
  name: 'LearningCapstone',
  tableName: 'capstones',
  properties: {
    id: p.uuid().primary(),
    // Named as Postgres named the SQL's inline UNIQUE.
    weekId: p.uuid().unique('capstones_week_id_key'),
    title: p.text(),
    description: p.text(),
    instructions: p.text(),
    dueAt: p.datetime().nullable(),
    // Version 2 (issue 30 §4): 'accept' late work flagged, or 'closed' after the due date.
    latePolicy: p.text().$type<LatePolicy>(),
  },
});
