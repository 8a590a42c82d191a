import { defineEntity, p } from '@mikro-orm/core';
import type { GradeStatus } from '@academy/contracts';

/**
 * `work`: a student's latest attempt at an item (task or capstone) with its grade, from grading's
 * published WorkSubmitted / SubmissionGraded (notes and feedback from their encrypted parts).
 */
export const LearningWork = defineEntity({
  name: 'LearningWork',
  tableName: 'work',
  properties: {
    studentId: p.uuid().primary(),
    itemId: p.uuid().primary(),
    submissionId: p.uuid(),
    githubUrl: p.text(),
    notes: p.text(),
    submittedAt: p.datetime(),
    late: p.boolean(),
    attempt: p.integer(),
    gradeStatus: p.text().$type<GradeStatus>().nullable(),
    // numeric(5, 2), as the SQL had it; read back as a string (the exact decimal).
    score: p.decimal().precision(5).scale(2).nullable(),
    feedback: p.text().nullable(),
  },
});
