import { defineEntity, p } from '@mikro-orm/core';
import type { LatePolicy, WorkKind } from '@academy/contracts';

/** `items`: learning's tasks and capstones (title, day, due date); a removed one keeps its row so its submissions keep their title. */
export const GradingItem = defineEntity({
  name: 'GradingItem',
  tableName: 'items',
  properties: {
    id: p.uuid().primary(),
    kind: p.text().$type<WorkKind>(),
    weekId: p.uuid(),
    title: p.text(),
    dayNumber: p.integer().nullable(),
    dueAt: p.datetime().nullable(),
    removed: p.boolean(),
    // Version 4 (issue 30 §4): 'accept' late work flagged, or 'closed' after the due date (SubmitWork refuses).
    latePolicy: p.text().$type<LatePolicy>().default('accept'),
  },
});
