import { defineEntity, p } from '@mikro-orm/core';

/** `weeks`: learning's weeks of a subject, their number and whether they are published (a submission needs it). */
export const GradingWeek = defineEntity({
  name: 'GradingWeek',
  tableName: 'weeks',
  properties: {
    id: p.uuid().primary(),
    subjectId: p.uuid(),
    weekNumber: p.integer(),
    isPublished: p.boolean().default(false),
  },
});
