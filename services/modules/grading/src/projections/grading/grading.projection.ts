// grading: the grading context's read tables. Its own events (attempts and grades) and foreign
// integration events from the shared log: identity's (names and emails of students and teachers),
// the catalog's (programs, subjects, who teaches what), learning's (weeks, tasks, capstones: titles,
// due dates, published or not) and enrollment's (active enrollments and current weeks).
// Version 6 (issue 30 §2, ADR 0044): `rubrics` (every version of each item's rubric, rubric.handlers.ts) and
// submissions' `rubric` (the latest grade's breakdown, written by the set from SubmissionGraded).
// Version 5: the extensions judge the (student, item)'s attempts again (ADR 0041), and the conversation on
// a submission (issue 30 §3): `replies` and submissions' `awaiting_reply` (reply.handlers.ts).
// Version 4 (issue 30 §4): items' late_policy, submissions' `extended` (due_at is the student's
// extension) and the students' `extensions` (extension.handlers.ts).
// Version 3: the commit each submission is pinned to (ADR 0039): pin_state, commit_sha, pinned_at,
// from WorkSubmitted and the retry job's SubmissionCommitPinned / SubmissionPinFailed (pin.handlers.ts).
// Version 2: a stored `pending` column (the Submissions tab) and the subject index on (subject, pending,
// submitted_at, id) of latest rows serve the teacher Submissions' keyset pages and tab counts; a new
// version is how a table change rolls out (rebuilt beside v1, then swapped in).
// On MikroORM (ADR 0018): the tables are entities (grading.orm.ts), built by the context's migrations,
// and the handlers write through the transaction's EntityManager. Its first migration makes exactly the
// tables v2's SQL made; the second adds v3's pin columns (src/migrations/grading-migrations.int.spec.ts).
import { catalogReplica, enrollmentsReplica, peopleReplica } from '@academy/backend';
import { type Projection, type ProjectionTx, withTables } from '@academy/event-store';
import { IDENTITY_EVENTS, UserDeletedV1 } from '@academy/contracts';
import { GradingAssignment } from './assignment.entity.js';
import { contentHandlers } from './content.handlers.js';
import { GradingEnrollment } from './enrollment.entity.js';
import { gradingOrm } from './grading.orm.js';
import { GradingPerson } from './person.entity.js';
import { GradingProgram } from './program.entity.js';
import { GradingSubject } from './subject.entity.js';
import { GradingSubmission } from './submission.entity.js';
import { submissionsSet } from './submissions.set.js';
import { pinHandlers } from './pin.handlers.js';
import { GradingExtension } from './extension.entity.js';
import { extensionHandlers } from './extension.handlers.js';
import { GradingReply } from './reply.entity.js';
import { replyHandlers } from './reply.handlers.js';
import { rubricHandlers } from './rubric.handlers.js';

export const GRADING_PROJECTION = 'grading';

const people = peopleReplica(GradingPerson);
/** Programs, subjects, assignments and enrollments (libs/backend's replica handlers over grading's entities): a deleted program or subject stays, so graded work still names it. */
const catalog = catalogReplica({ programs: GradingProgram, subjects: GradingSubject, assignments: GradingAssignment }, { forgetDeleted: false });
const submissions = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingSubmission);

export const gradingProjection: Projection = {
  name: GRADING_PROJECTION,
  version: 6,
  orm: gradingOrm,
  // Attempts, grades and CapstonePassed: a run at a time (submissions.set.ts, ADR 0035).
  sets: [submissionsSet],
  handlers: {
    ...contentHandlers,
    ...catalog,
    ...enrollmentsReplica(GradingEnrollment),
    ...people.handlers,
    ...pinHandlers,
    ...extensionHandlers,
    ...replyHandlers,
    ...rubricHandlers,
    // Spec §2: deleting a user removes their enrollments and submissions (and their extensions and conversations).
    ...withTables(
      { writes: [people.table, 'enrollments', 'submissions', 'assignments', 'extensions', 'replies'] },
      {
        [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
          await people.forget(e, tx);
          const { userId } = UserDeletedV1.parse(e);
          await tx.em.createQueryBuilder(GradingEnrollment).delete().where({ studentId: userId }).execute();
          await submissions(tx).delete().where({ studentId: userId }).execute();
          await tx.em.createQueryBuilder(GradingExtension).delete().where({ studentId: userId }).execute();
          await tx.em.createQueryBuilder(GradingReply).delete().where({ studentId: userId }).execute();
          await tx.em.createQueryBuilder(GradingAssignment).delete().where({ teacherId: userId }).execute();
        },
      },
    ),
  },
};
