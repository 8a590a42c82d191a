import { defineEntity, p } from '@mikro-orm/core';

/**
 * `sessions`: every session of every scheduled cohort, with its instants: the timetable minus the
 * non-teaching days, recomputed when either changes; `status` moved or cancelled (with the reason) by
 * a single-session change. What a calendar, a cohort report or an at-risk rule reads.
 */
export const ClassSessionRow = defineEntity({
  name: 'ClassSessionRow',
  tableName: 'sessions',
  properties: {
    id: p.uuid().primary(),
    subjectId: p.uuid(),
    kind: p.text(),
    date: p.text(),
    week: p.integer(),
    scheduledStartsAt: p.datetime(),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    status: p.text(),
    reason: p.text().nullable(),
  },
  indexes: [{ name: 'sessions_subject_idx', properties: ['subjectId', 'startsAt'] }],
});
