// The replicas of the catalog's and enrollment's facts that other contexts keep in their own read
// models (ADR 0019): programs, subjects and teacher assignments (owned by catalog) and enrollments
// with their current week (owned by enrollment). Each context owns its copy (its entities, its schema,
// its rebuilds); the entities of the copies that are the same everywhere and the handlers that keep
// the copies are written once here, like peopleReplica.
import { defineEntity, type EntityName, p } from '@mikro-orm/core';
import { type EventHandler, type Handler, instant, type ProjectionTx, withTables } from '@academy/event-store';
import {
  CATALOG_EVENTS,
  ENROLLMENT_EVENTS,
  EnrollmentStatusChangedV1,
  EnrollmentWeekAdvancedV2,
  ProgramCreatedV1,
  ProgramDeletedV1,
  ProgramUpdatedV1,
  publishedEventFor,
  StudentEnrolledV1,
  SubjectCreatedV1,
  SubjectDeletedV1,
  SubjectUpdatedV1,
  TeacherAssignedV1,
  TeacherUnassignedV1,
  type EnrollmentStatus,
  type ProgramType,
} from '@academy/contracts';
import { tableOf } from './table-of.js';

// A context's copy as a MikroORM entity under the context's own entity name (`name`, e.g. LearningProgram);
// the table has the same name in every context's schema.

/** `programs`: the catalog's programs, their name and type. */
export const programReplicaEntity = (name: string) =>
  defineEntity({ name, tableName: 'programs', properties: { id: p.uuid().primary(), name: p.text(), type: p.text().$type<ProgramType>() } });

/** `subjects`: the catalog's subjects and their program; `byProgram`: indexed for a program's subjects. */
export const subjectReplicaEntity = (name: string, { byProgram }: { byProgram: boolean }) =>
  defineEntity({
    name,
    tableName: 'subjects',
    properties: { id: p.uuid().primary(), programId: p.uuid(), name: p.text() },
    indexes: byProgram ? [{ name: 'subjects_program_idx', properties: ['programId'] }] : [],
  });

/** `assignments`: which teacher teaches which subject, indexed for a teacher's subjects. */
export const assignmentReplicaEntity = (name: string) =>
  defineEntity({
    name,
    tableName: 'assignments',
    properties: { id: p.uuid().primary(), teacherId: p.uuid(), subjectId: p.uuid() },
    indexes: [{ name: 'assignments_teacher_idx', properties: ['teacherId', 'subjectId'] }],
  });

/** `enrollments`: enrollment's enrollments as it publishes them; `indexedBy`: an index per owner (student, program) with the status. */
export const enrollmentReplicaEntity = (name: string, { indexedBy }: { indexedBy: ('student' | 'program')[] }) =>
  defineEntity({
    name,
    tableName: 'enrollments',
    properties: {
      id: p.uuid().primary(),
      studentId: p.uuid(),
      programId: p.uuid(),
      status: p.text().$type<EnrollmentStatus>(),
      currentWeek: p.integer(),
      enrolledAt: p.datetime(),
      activatedAt: p.datetime().nullable(),
    },
    indexes: indexedBy.map((owner) => ({ name: `enrollments_${owner}_idx`, properties: [`${owner}Id` as const, 'status' as const] })),
  });

/** The columns every context's program replica has (enrollment's also keeps the description). */
export interface ProgramColumns {
  id: string;
  name: string;
  type: string;
  description?: string;
}
export interface SubjectColumns {
  id: string;
  programId: string;
  name: string;
}
export interface AssignmentColumns {
  id: string;
  teacherId: string;
  subjectId: string;
}
/** A context's copy of an enrollment: whose, in which program, its status and the week enrollment says it is in. */
export interface EnrollmentReplicaColumns {
  id: string;
  studentId: string;
  programId: string;
  status: string;
  currentWeek: number;
  enrolledAt: Date;
  activatedAt?: Date | null;
}

// Written as the columns every context's entity has (a defineEntity's inferred type is not assignable to these interfaces).
const qb = <T extends object>(entity: unknown, tx: ProjectionTx) => tx.em.createQueryBuilder(entity as EntityName<T>);

/**
 * Programs, subjects and (when the context keeps them) teacher assignments, from the catalog's
 * published events. `forgetDeleted`: a deleted program or subject leaves the copy (learning,
 * enrollment); grading keeps the rows, so that graded work still names its subject.
 * `programDescription`: the copy keeps the program's description too (enrollment's screens show it).
 */
export function catalogReplica<P extends ProgramColumns, S extends SubjectColumns, A extends AssignmentColumns>(
  entities: { programs: EntityName<P>; subjects: EntityName<S>; assignments?: EntityName<A> },
  options: { forgetDeleted: boolean; programDescription?: boolean },
): Record<string, Handler> {
  const programs = (tx: ProjectionTx) => qb<ProgramColumns>(entities.programs, tx);
  const subjects = (tx: ProjectionTx) => qb<SubjectColumns>(entities.subjects, tx);
  const upsertProgram: EventHandler = async (e, tx) => {
    const d = publishedEventFor([ProgramCreatedV1, ProgramUpdatedV1], e).parse(e);
    const row: ProgramColumns = { id: d.programId, name: d.name, type: d.type, ...(options.programDescription ? { description: d.description } : {}) };
    const merged: (keyof ProgramColumns)[] = options.programDescription ? ['name', 'type', 'description'] : ['name', 'type'];
    await programs(tx).insert(row).onConflict('id').merge(merged).execute();
  };
  const upsertSubject: EventHandler = async (e, tx) => {
    const d = publishedEventFor([SubjectCreatedV1, SubjectUpdatedV1], e).parse(e);
    await subjects(tx).insert({ id: d.subjectId, programId: d.programId, name: d.name }).onConflict('id').merge(['programId', 'name']).execute();
  };
  const programHandlers: Record<string, EventHandler> = { [CATALOG_EVENTS.ProgramCreated]: upsertProgram, [CATALOG_EVENTS.ProgramUpdated]: upsertProgram };
  const subjectHandlers: Record<string, EventHandler> = { [CATALOG_EVENTS.SubjectCreated]: upsertSubject, [CATALOG_EVENTS.SubjectUpdated]: upsertSubject };
  if (options.forgetDeleted) {
    programHandlers[CATALOG_EVENTS.ProgramDeleted] = async (e, tx) => {
      await programs(tx).delete().where({ id: ProgramDeletedV1.parse(e).programId }).execute();
    };
    subjectHandlers[CATALOG_EVENTS.SubjectDeleted] = async (e, tx) => {
      await subjects(tx).delete().where({ id: SubjectDeletedV1.parse(e).subjectId }).execute();
    };
  }
  const handlers = { ...withTables({ writes: [tableOf(entities.programs)] }, programHandlers), ...withTables({ writes: [tableOf(entities.subjects)] }, subjectHandlers) };
  const assignmentsEntity = entities.assignments;
  if (!assignmentsEntity) return handlers;
  const assignments = (tx: ProjectionTx) => qb<AssignmentColumns>(assignmentsEntity, tx);
  return {
    ...handlers,
    ...withTables(
      { writes: [tableOf(assignmentsEntity)] },
      {
        [CATALOG_EVENTS.TeacherAssigned]: async (e, tx) => {
          const d = TeacherAssignedV1.parse(e);
          await assignments(tx).insert({ id: d.assignmentId, teacherId: d.teacherId, subjectId: d.subjectId }).onConflict('id').ignore().execute();
        },
        [CATALOG_EVENTS.TeacherUnassigned]: async (e, tx) => {
          await assignments(tx).delete().where({ id: TeacherUnassignedV1.parse(e).assignmentId }).execute();
        },
      },
    ),
  };
}

/**
 * Enrollments as enrollment publishes them: made pending in week 1, their status (an event without
 * `activatedAt` keeps the stamp the row has), and the current week, which enrollment owns (ADR 0019:
 * EnrollmentWeekAdvanced v2 carries the week; a stored v1 is upcast on read).
 */
export function enrollmentsReplica<E extends EnrollmentReplicaColumns>(entity: EntityName<E>): Record<string, Handler> {
  const enrollments = (tx: ProjectionTx) => qb<EnrollmentReplicaColumns>(entity, tx);
  return withTables({ writes: [tableOf(entity)] }, {
    [ENROLLMENT_EVENTS.StudentEnrolled]: async (e, tx) => {
      const d = StudentEnrolledV1.parse(e);
      await enrollments(tx)
        .insert({ id: d.enrollmentId, studentId: d.studentId, programId: d.programId, status: 'pending', currentWeek: 1, enrolledAt: instant(e.metadata.occurredAt) })
        .onConflict('id')
        .ignore()
        .execute();
    },
    [ENROLLMENT_EVENTS.EnrollmentStatusChanged]: async (e, tx) => {
      const d = EnrollmentStatusChangedV1.parse(e);
      await enrollments(tx)
        .update({ status: d.status, ...(d.activatedAt != null ? { activatedAt: instant(d.activatedAt) } : {}) })
        .where({ id: d.enrollmentId })
        .execute();
    },
    [ENROLLMENT_EVENTS.EnrollmentWeekAdvanced]: async (e, tx) => {
      const d = EnrollmentWeekAdvancedV2.parse(e);
      await enrollments(tx).update({ currentWeek: d.currentWeek }).where({ id: d.enrollmentId }).execute();
    },
  });
}
