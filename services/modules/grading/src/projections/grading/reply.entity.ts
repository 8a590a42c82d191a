import { defineEntity, p } from '@mikro-orm/core';

/**
 * `replies` (version 5, issue 30 §3): the conversation on a submission, one row per reply in the order of
 * its stream (`seq`); the text from the event's encrypted part (the student's key: gone with the student,
 * whose rows UserDeleted removes).
 */
export const GradingReply = defineEntity({
  name: 'GradingReply',
  tableName: 'replies',
  properties: {
    id: p.uuid().primary(),
    submissionId: p.uuid(),
    studentId: p.uuid(),
    seq: p.integer(),
    authorId: p.uuid(),
    authorRole: p.text().$type<'student' | 'teacher'>(),
    text: p.text(),
    sentAt: p.datetime(),
  },
  indexes: [
    { name: 'replies_submission_idx', properties: ['submissionId', 'seq'] },
    { name: 'replies_student_idx', properties: ['studentId'] },
  ],
});
