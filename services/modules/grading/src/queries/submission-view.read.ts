// A submission as every grading screen shows it (one submission and its attempts, My Grades, Progress,
// the student dashboard, the CSV export): the row of `submissions` with its item's title and day, its
// week's number, its subject's name, its student's and grader's names, joined by id from the context's
// own copies. From the read schema's views onto the live version (ADR 0004), through MikroORM (ADR 0018).
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GradeStatus, PinState, RubricBreakdown, Submission, WorkKind } from '@academy/contracts';
import { GradingItem } from '../projections/grading/item.entity.js';
import { GradingPerson } from '../projections/grading/person.entity.js';
import { GradingSubject } from '../projections/grading/subject.entity.js';
import { GradingSubmission } from '../projections/grading/submission.entity.js';
import { GradingWeek } from '../projections/grading/week.entity.js';

/** One row of the view (the joined columns are null when the item, week, subject or person is gone). */
export interface SubmissionViewRow {
  id: string;
  streamId: string;
  kind: WorkKind;
  itemId: string;
  title: string | null;
  dayNumber: number | null;
  weekId: string;
  weekNumber: number | null;
  subjectId: string;
  subjectName: string | null;
  studentId: string;
  studentName: string | null;
  studentEmail: string | null;
  githubUrl: string;
  notes: string;
  submittedAt: Date;
  dueAt: Date | null;
  extended: boolean;
  awaitingReply: boolean;
  late: boolean;
  attempt: number;
  latest: boolean;
  status: GradeStatus | null;
  score: number | string | null;
  feedback: string | null;
  teacherId: string | null;
  teacherName: string | null;
  gradedAt: Date | null;
  /** jsonb, parsed by the driver; absent from reads that do not select it (the Submissions list). */
  rubric?: RubricBreakdown | null;
  version: number;
  pinState: PinState | null;
  commitSha: string | null;
  pinnedAt: Date | null;
}

export const toSubmission = (r: SubmissionViewRow): Submission => ({
  id: r.id,
  kind: r.kind,
  itemId: r.itemId,
  title: r.title ?? '',
  dayNumber: r.dayNumber,
  weekId: r.weekId,
  weekNumber: r.weekNumber ?? 0,
  subjectId: r.subjectId,
  subjectName: r.subjectName ?? '',
  studentId: r.studentId,
  studentName: r.studentName ?? '',
  studentEmail: r.studentEmail ?? '',
  githubUrl: r.githubUrl,
  notes: r.notes,
  submittedAt: r.submittedAt.toISOString(),
  dueAt: r.dueAt?.toISOString() ?? null,
  extended: r.extended,
  awaitingReply: r.awaitingReply,
  late: r.late,
  attempt: r.attempt,
  latest: r.latest,
  grade:
    r.status === null
      ? null
      : {
          score: r.score === null ? null : Number(r.score),
          status: r.status,
          feedback: r.feedback ?? '',
          teacherId: r.teacherId ?? '',
          teacherName: r.teacherName ?? '',
          gradedAt: r.gradedAt?.toISOString() ?? '',
          rubric: r.rubric ?? null,
        },
  pin: r.pinState === null ? null : { state: r.pinState, sha: r.commitSha, pinnedAt: r.pinnedAt?.toISOString() ?? null },
  version: r.version,
});

/**
 * The view's query, alias `s` for the submission (`i` item, `w` week, `sj` subject, `st` student, `t`
 * grader): a caller adds its where and order. The joined rows are not relations (they come and go with
 * other contexts' events), so each is LEFT JOINed by id as a sub-select of its entity: one statement, as
 * before, on the fork's schema.
 */
export function submissionView(read: EntityManager) {
  return read
    .createQueryBuilder(GradingSubmission, 's')
    .select([
      's.id',
      's.streamId',
      's.kind',
      's.itemId',
      sql.ref('i.title').as('title'),
      sql.ref('i.day_number').as('dayNumber'),
      's.weekId',
      sql.ref('w.week_number').as('weekNumber'),
      's.subjectId',
      sql.ref('sj.name').as('subjectName'),
      's.studentId',
      sql.ref('st.full_name').as('studentName'),
      sql.ref('st.email').as('studentEmail'),
      's.githubUrl',
      's.notes',
      's.submittedAt',
      's.dueAt',
      's.extended',
      's.awaitingReply',
      's.late',
      's.attempt',
      's.latest',
      's.status',
      's.score',
      's.feedback',
      's.teacherId',
      sql.ref('t.full_name').as('teacherName'),
      's.gradedAt',
      's.rubric',
      's.version',
      's.pinState',
      's.commitSha',
      's.pinnedAt',
    ])
    .leftJoin(read.createQueryBuilder(GradingItem), 'i', { 'i.id': sql.ref('s.item_id') })
    .leftJoin(read.createQueryBuilder(GradingWeek), 'w', { 'w.id': sql.ref('s.week_id') })
    .leftJoin(read.createQueryBuilder(GradingSubject), 'sj', { 'sj.id': sql.ref('s.subject_id') })
    .leftJoin(read.createQueryBuilder(GradingPerson), 'st', { 'st.id': sql.ref('s.student_id') })
    .leftJoin(read.createQueryBuilder(GradingPerson), 't', { 't.id': sql.ref('s.teacher_id') });
}

/** Rows of the view, as the contract's submissions. */
export async function submissionsOf(query: ReturnType<typeof submissionView>): Promise<Submission[]> {
  return (await query.execute<SubmissionViewRow[]>('all')).map(toSubmission);
}
