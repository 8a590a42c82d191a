// The replicas of the catalog's and enrollment's facts that other contexts keep in their own read
// models (ADR 0019): programs, subjects and teacher assignments (owned by catalog) and enrollments
// with their current week (owned by enrollment). Each context owns its copy (its entities, its schema,
// its rebuilds); the handlers that keep the copies are written once here, like peopleReplica.
import type { EntityName } from '@mikro-orm/core';
import { sql } from 'kysely';
import { byIndexLookups, type EventHandler, foldedSet, instant, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
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
} from '@academy/contracts';

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
): Record<string, EventHandler> {
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
  const handlers: Record<string, EventHandler> = {
    [CATALOG_EVENTS.ProgramCreated]: upsertProgram,
    [CATALOG_EVENTS.ProgramUpdated]: upsertProgram,
    [CATALOG_EVENTS.SubjectCreated]: upsertSubject,
    [CATALOG_EVENTS.SubjectUpdated]: upsertSubject,
  };
  if (options.forgetDeleted) {
    handlers[CATALOG_EVENTS.ProgramDeleted] = async (e, tx) => {
      await programs(tx).delete().where({ id: ProgramDeletedV1.parse(e).programId }).execute();
    };
    handlers[CATALOG_EVENTS.SubjectDeleted] = async (e, tx) => {
      await subjects(tx).delete().where({ id: SubjectDeletedV1.parse(e).subjectId }).execute();
    };
  }
  const assignmentsEntity = entities.assignments;
  if (assignmentsEntity) {
    const assignments = (tx: ProjectionTx) => qb<AssignmentColumns>(assignmentsEntity, tx);
    handlers[CATALOG_EVENTS.TeacherAssigned] = async (e, tx) => {
      const d = TeacherAssignedV1.parse(e);
      await assignments(tx).insert({ id: d.assignmentId, teacherId: d.teacherId, subjectId: d.subjectId }).onConflict('id').ignore().execute();
    };
    handlers[CATALOG_EVENTS.TeacherUnassigned] = async (e, tx) => {
      await assignments(tx).delete().where({ id: TeacherUnassignedV1.parse(e).assignmentId }).execute();
    };
  }
  return handlers;
}

/**
 * Enrollments as enrollment publishes them: made pending in week 1, their status (an event without
 * `activatedAt` keeps the stamp the row has), and the current week, which enrollment owns (ADR 0019:
 * EnrollmentWeekAdvanced v2 carries the week; a stored v1 is upcast on read).
 */
export function enrollmentsReplica<E extends EnrollmentReplicaColumns>(entity: EntityName<E>): Record<string, EventHandler> {
  const enrollments = (tx: ProjectionTx) => qb<EnrollmentReplicaColumns>(entity, tx);
  return {
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
  };
}

/** What a run of enrollment events leaves (planEnrollments): new rows, then each row's last status and week. */
export interface EnrollmentsPlan {
  inserts: { id: string; studentId: string; programId: string; enrolledAt: string }[];
  /** Per enrollment: its last status, and the last activatedAt given with a status (undefined: kept). */
  statuses: Map<string, { status: string; activatedAt?: string }>;
  weeks: Map<string, number>;
}

/**
 * Folds StudentEnrolled, EnrollmentStatusChanged and EnrollmentWeekAdvanced in log order (ADR 0035).
 * Null when an enrollment is changed and then enrolled in the same run (one by one, that change hit
 * only a row from before the run): the caller applies that run one by one.
 */
export function planEnrollments(events: StoredEvent[]): EnrollmentsPlan | null {
  const inserts = new Map<string, EnrollmentsPlan['inserts'][number]>();
  const statuses: EnrollmentsPlan['statuses'] = new Map();
  const weeks: EnrollmentsPlan['weeks'] = new Map();
  for (const e of events) {
    if (e.type === ENROLLMENT_EVENTS.StudentEnrolled) {
      const d = StudentEnrolledV1.parse(e);
      if (statuses.has(d.enrollmentId) || weeks.has(d.enrollmentId)) return null;
      // A second StudentEnrolled of an id does nothing (ON CONFLICT DO NOTHING), as the first one's row is there.
      if (!inserts.has(d.enrollmentId)) inserts.set(d.enrollmentId, { id: d.enrollmentId, studentId: d.studentId, programId: d.programId, enrolledAt: e.metadata.occurredAt });
    } else if (e.type === ENROLLMENT_EVENTS.EnrollmentStatusChanged) {
      const d = EnrollmentStatusChangedV1.parse(e);
      const activatedAt = d.activatedAt != null ? d.activatedAt : statuses.get(d.enrollmentId)?.activatedAt;
      statuses.set(d.enrollmentId, { status: d.status, ...(activatedAt !== undefined ? { activatedAt } : {}) });
    } else if (e.type === ENROLLMENT_EVENTS.EnrollmentWeekAdvanced) {
      const d = EnrollmentWeekAdvancedV2.parse(e);
      weeks.set(d.enrollmentId, d.currentWeek);
    }
  }
  return { inserts: [...inserts.values()], statuses, weeks };
}

/** Groups ids by a value: one UPDATE … WHERE id IN (…) per distinct value. */
function byValue<V>(m: Map<string, V>, keyOf: (v: V) => string): { value: V; ids: string[] }[] {
  const groups = new Map<string, { value: V; ids: string[] }>();
  for (const [id, v] of m) {
    const k = keyOf(v);
    const g = groups.get(k) ?? { value: v, ids: [] };
    g.ids.push(id);
    groups.set(k, g);
  }
  return [...groups.values()];
}

/**
 * enrollmentsReplica's events a batch at a time (a SetHandler, ADR 0035): the batch's new enrollments
 * in one multi-row INSERT through the QueryBuilder, then every row's last status in ONE statement, and
 * each week as one UPDATE per distinct value (a batch's EnrollmentWeekAdvanced share a handful of weeks).
 * `flushBefore`: the context's events that also write its enrollments (UserDeleted).
 */
export function enrollmentsReplicaSet<E extends EnrollmentReplicaColumns>(entity: EntityName<E>, options: { flushBefore: readonly string[] }): SetHandler {
  const enrollments = (tx: ProjectionTx) => qb<EnrollmentReplicaColumns>(entity, tx);
  return foldedSet({
    reference: enrollmentsReplica(entity),
    flushBefore: options.flushBefore,
    plan: planEnrollments,
    async write(plan, tx) {
      if (plan.inserts.length) {
        await enrollments(tx)
          .insert(plan.inserts.map((r) => ({ id: r.id, studentId: r.studentId, programId: r.programId, status: 'pending', currentWeek: 1, enrolledAt: instant(r.enrolledAt) })))
          .onConflict('id')
          .ignore()
          .execute();
      }
      if (plan.statuses.size) await writeStatuses(entity, plan.statuses, tx);
      for (const { value, ids } of byValue(plan.weeks, String)) await enrollments(tx).update({ currentWeek: value }).where({ id: { $in: ids } }).execute();
    },
  });
}

/**
 * Every enrollment's last status (and activatedAt, where one was given) in one UPDATE … FROM unnest through
 * em.getKysely(): MikroORM's QueryBuilder has no UPDATE from a list of rows, and grouped by value it was one
 * statement per enrollment (each activation has its own instant): 2 × 10,000 statements in the lessons replay.
 * Table and columns are the entity's (each context names its own).
 */
async function writeStatuses(entity: unknown, statuses: EnrollmentsPlan['statuses'], tx: ProjectionTx): Promise<void> {
  const meta = tx.em.getMetadata().get(entity as EntityName<EnrollmentReplicaColumns>);
  const column = (property: keyof EnrollmentReplicaColumns) => sql.ref(meta.properties[property].fieldNames[0]);
  const rows = [...statuses];
  await byIndexLookups(tx, () =>
    sql`UPDATE ${sql.table(meta.tableName)} AS e SET ${column('status')} = v.status,
          ${column('activatedAt')} = CASE WHEN v.keep THEN e.${column('activatedAt')} ELSE v.activated_at END
        FROM unnest(${rows.map(([id]) => id)}::uuid[], ${rows.map(([, v]) => v.status)}::text[], ${rows.map(([, v]) => v.activatedAt ?? null)}::timestamptz[],
                    ${rows.map(([, v]) => v.activatedAt === undefined)}::bool[]) AS v(id, status, activated_at, keep)
        WHERE e.${column('id')} = v.id`.execute(tx.em.getKysely()),
  );
}
