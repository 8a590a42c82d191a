import { defineEntity, p } from '@mikro-orm/core';

/**
 * `weeks`: one row per week stream (the context's own events): its subject, number, texts, whether it
 * is published, and the stream version (the editor's expectedVersion). `subjectId` is a plain column:
 * the subject's row is the catalog's (ADR 0018, no foreign keys to other contexts' copies).
 */
export const LearningWeek = defineEntity({
  name: 'LearningWeek',
  tableName: 'weeks',
  properties: {
    id: p.uuid().primary(),
    subjectId: p.uuid(),
    weekNumber: p.integer(),
    title: p.text(),
    objectives: p.text(),
    isPublished: p.boolean().default(false),
    createdAt: p.datetime(),
    version: p.integer(),
  },
  // Named as Postgres named the SQL's inline UNIQUE (subject_id, week_number), so the table is the one v1 made.
  uniques: [{ name: 'weeks_subject_id_week_number_key', properties: ['subjectId', 'weekNumber'] }],
});
