import { defineEntity, p } from '@mikro-orm/core';

/**
 * `extensions` (version 2, issue 30 §4): a student's later due date for one item, from grading's
 * published ExtensionGranted / ExtensionRevoked; the lessons show it and judge "will be late" by it.
 */
export const LearningExtension = defineEntity({
  name: 'LearningExtension',
  tableName: 'extensions',
  properties: {
    studentId: p.uuid().primary(),
    itemId: p.uuid().primary(),
    dueAt: p.datetime(),
  },
});
