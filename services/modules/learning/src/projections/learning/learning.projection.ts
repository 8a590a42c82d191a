// learning: the learning context's read tables. Its own events (weeks, tasks, capstones) and foreign
// integration events from the shared log: the catalog's (subject names and programs, which teacher
// is assigned to which subject), enrollment's (the student's active enrollment and current week) and
// grading's (the student's latest attempt at each item and its grade, for the lessons' badges).
// On MikroORM (ADR 0018): the tables are the entities of learning.orm.ts, made by the context's
// migrations; the handlers write through tx.em.
import { catalogReplica, enrollmentsReplica } from '@academy/backend';
import { type Projection, type ProjectionTx, withTables } from '@academy/event-store';
import { IDENTITY_EVENTS, UserDeletedV1 } from '@academy/contracts';

import { LearningAssignment } from './assignment.entity.js';
import { LearningEnrollment } from './enrollment.entity.js';
import { learningOrm } from './learning.orm.js';
import { LearningProgram } from './program.entity.js';
import { LearningSubject } from './subject.entity.js';
import { LearningWork } from './work.entity.js';
import { contentHandlers } from './content.handlers.js';
import { LearningExtension } from './extension.entity.js';
import { extensionHandlers } from './extension.handlers.js';
import { workSet } from './work.set.js';

export const LEARNING_PROJECTION = 'learning';
/** Answers and command checks wait for this projection: every learning screen reads it. */
export const LEARNING_READ_MODEL = [LEARNING_PROJECTION] as const;

// Set-based statements through the QueryBuilder of the transaction's EntityManager (tx.em): one
// statement per change, as the SQL was, with no entity loaded into the identity map.
const assignments = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningAssignment);
const enrollments = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningEnrollment);
const work = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningWork);

/** Programs, subjects, assignments and enrollments (libs/backend's replica handlers over learning's entities, ADR 0019). */
const catalog = catalogReplica({ programs: LearningProgram, subjects: LearningSubject, assignments: LearningAssignment }, { forgetDeleted: true });

export const learningProjection: Projection = {
  name: LEARNING_PROJECTION,
  // v1 on MikroORM (ADR 0018): its first migration makes exactly the tables v1's SQL made (same
  // columns, types, order, constraint and index names; src/migrations/learning-migrations.int.spec.ts).
  // Version 2 (issue 30 §4): the items' late policy and the students' extensions (the second migration).
  version: 3,
  orm: learningOrm,
  // Attempts and grades: a run at a time (work.set.ts, ADR 0035).
  sets: [workSet],
  handlers: {
    ...contentHandlers,
    ...catalog,
    ...enrollmentsReplica(LearningEnrollment),
    ...extensionHandlers,
    ...withTables(
      { writes: ['enrollments', 'work', 'assignments', 'extensions'] },
      {
        [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
          const { userId } = UserDeletedV1.parse(e);
          await enrollments(tx).delete().where({ studentId: userId }).execute();
          await work(tx).delete().where({ studentId: userId }).execute();
          await tx.em.createQueryBuilder(LearningExtension).delete().where({ studentId: userId }).execute();
          await assignments(tx).delete().where({ teacherId: userId }).execute();
        },
      },
    ),
  },
};
