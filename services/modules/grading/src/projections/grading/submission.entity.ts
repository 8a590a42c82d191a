import { defineEntity, p } from '@mikro-orm/core';
import type { GradeStatus, PinState, RubricBreakdown, WorkKind } from '@academy/contracts';

/**
 * `submissions`: one row per attempt; `latest` marks the newest attempt of its (student, item) stream,
 * the grade columns hold its latest grade, `version` the stream's, the pin columns the commit it was
 * pinned to (pending until the retry job settles it). Items, weeks, subjects and people are
 * not relations: their rows come and go with other contexts' events, so screens join them by id.
 */
export const GradingSubmission = defineEntity({
  name: 'GradingSubmission',
  tableName: 'submissions',
  properties: {
    id: p.uuid().primary(),
    streamId: p.text(),
    studentId: p.uuid(),
    kind: p.text().$type<WorkKind>(),
    itemId: p.uuid(),
    weekId: p.uuid(),
    subjectId: p.uuid(),
    githubUrl: p.text(),
    notes: p.text(),
    submittedAt: p.datetime(),
    dueAt: p.datetime().nullable(),
    late: p.boolean(),
    // Version 4 (issue 30 §4): due_at is the student's extension (shown "Extended to …").
    extended: p.boolean().default(false),
    attempt: p.integer(),
    latest: p.boolean(),
    // Version 5 (issue 30 §3): the conversation's last reply is the student's (reply.handlers.ts).
    awaitingReply: p.boolean().default(false),
    status: p.text().$type<GradeStatus>().nullable(),
    // The teacher Submissions' tabs (spec §4): no grade, or a grade with status pending. Stored by Postgres.
    pending: p.boolean().nullable().generated(`(status is null or status = 'pending') stored`),
    score: p.decimal('number').precision(5).scale(2).nullable(),
    feedback: p.text().nullable(),
    teacherId: p.uuid().nullable(),
    gradedAt: p.datetime().nullable(),
    // Version 6 (issue 30 §2): the latest grade's rubric breakdown (null: graded without a rubric).
    rubric: p.json<RubricBreakdown>().nullable(),
    version: p.integer(),
    // The commit the submission is pinned to (ADR 0039; version 3): null state on attempts from before pinning.
    pinState: p.text().$type<PinState>().nullable(),
    commitSha: p.text().nullable(),
    pinnedAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'submissions_stream_idx', properties: ['streamId'] },
    { name: 'submissions_student_idx', columns: [{ name: 'student_id' }, { name: 'submitted_at', sort: 'DESC' }] },
    // The teacher Submissions page: a subject's latest attempts of one tab, newest first by (submitted_at,
    // id): a page reads its rows in index order and stops; the tab counts are an index-only scan.
    {
      name: 'submissions_subject_idx',
      columns: [{ name: 'subject_id' }, { name: 'pending' }, { name: 'submitted_at', sort: 'DESC' }, { name: 'id', sort: 'DESC' }],
      where: 'latest',
    },
  ],
});
