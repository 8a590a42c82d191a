import { defineEntity, p } from '@mikro-orm/core';

/**
 * `subjects`: the catalog's subjects and their program, from its published events. `programId` is a
 * plain column, not a relation: the program's row comes and goes with the catalog's events (ADR 0018).
 */
export const LearningSubject = defineEntity({
  name: 'LearningSubject',
  tableName: 'subjects',
  properties: {
    id: p.uuid().primary(),
    programId: p.uuid(),
    name: p.text(),
  },
  // Weekly Lessons: the subjects of the student's program.
  indexes: [{ name: 'subjects_program_idx', properties: ['programId'] }],
});
