import { defineEntity, p } from '@mikro-orm/core';

/**
 * `extensions` (version 4, issue 30 §4): a student's later due date for one item, the reason (free text
 * from the event's encrypted part: gone with the student) and who gave it when. Revoked: no row.
 */
export const GradingExtension = defineEntity({
  name: 'GradingExtension',
  tableName: 'extensions',
  properties: {
    studentId: p.uuid().primary(),
    itemId: p.uuid().primary(),
    dueAt: p.datetime(),
    reason: p.text(),
    grantedBy: p.uuid(),
    grantedAt: p.datetime(),
  },
});
