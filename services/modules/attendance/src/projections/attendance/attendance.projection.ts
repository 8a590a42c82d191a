// attendance: schedules, non-teaching days, the sessions they make, and who came to each; with the
// replicas that say who teaches a subject and who is in its cohort (ADR 0019). On MikroORM (ADR 0018).
import { catalogReplica, enrollmentsReplica, peopleReplica } from '@academy/backend';
import { instant, type Projection, withTables } from '@academy/event-store';
import {
  ATTENDANCE_EVENTS,
  AttendanceMarkedV1,
  IDENTITY_EVENTS,
  NonTeachingDayAddedV1,
  NonTeachingDayRemovedV1,
  NonTeachingDaysFilledV1,
  SessionCancelledV1,
  SessionMovedV1,
  SessionScheduleSetV1,
  UserDeletedV1,
} from '@academy/contracts';
import { attendanceOrm } from './attendance.orm.js';
import { AttendanceMark, AttendanceMarkChange } from './mark.entity.js';
import { FilledYear, NonTeachingDay } from './non-teaching-day.entity.js';
import { AttendanceAssignment, AttendanceEnrollment, AttendancePerson, AttendanceProgram, AttendanceSubject } from './replicas.entity.js';
import { AttendanceSchedule } from './schedule.entity.js';
import { ClassSessionRow } from './session.entity.js';
import { rebuildSessions, rebuildSessionsCovering } from './sessions.write.js';

export const ATTENDANCE_PROJECTION = 'attendance';
/** Answers and command checks wait for this projection. */
export const ATTENDANCE_READ_MODEL = [ATTENDANCE_PROJECTION] as const;

const people = peopleReplica(AttendancePerson);
const catalog = catalogReplica({ programs: AttendanceProgram, subjects: AttendanceSubject, assignments: AttendanceAssignment }, { forgetDeleted: false });
const enrollmentsCopy = enrollmentsReplica(AttendanceEnrollment);

const OWN_TABLES = ['schedules', 'non_teaching_days', 'filled_years', 'sessions', 'marks', 'mark_changes'];

export const attendanceProjection: Projection = {
  name: ATTENDANCE_PROJECTION,
  version: 1,
  orm: attendanceOrm,
  handlers: {
    ...people.handlers,
    ...catalog,
    ...enrollmentsCopy,
    ...withTables({ writes: [people.table, 'enrollments', 'assignments', ...OWN_TABLES], reads: ['programs', 'subjects'] }, {
      [ATTENDANCE_EVENTS.SessionScheduleSet]: async (e, tx) => {
        const d = SessionScheduleSetV1.parse(e);
        await tx.em.createQueryBuilder(AttendanceSchedule).insert(d).onConflict('subjectId').merge(['startDate', 'weeks', 'weekdays', 'startTime', 'lectureMinutes', 'supportMinutes', 'timeZone']).execute();
        await rebuildSessions(d, tx);
      },
      [ATTENDANCE_EVENTS.SessionCancelled]: async (e, tx) => {
        const d = SessionCancelledV1.parse(e);
        await tx.em.createQueryBuilder(ClassSessionRow).update({ status: 'cancelled', reason: d.reason }).where({ id: d.sessionId }).execute();
      },
      [ATTENDANCE_EVENTS.SessionMoved]: async (e, tx) => {
        const d = SessionMovedV1.parse(e);
        await tx.em.createQueryBuilder(ClassSessionRow).update({ status: 'moved', reason: d.reason, startsAt: instant(d.startsAt), endsAt: instant(d.endsAt) }).where({ id: d.sessionId }).execute();
      },
      [ATTENDANCE_EVENTS.NonTeachingDaysFilled]: async (e, tx) => {
        const d = NonTeachingDaysFilledV1.parse(e);
        await tx.em.createQueryBuilder(FilledYear).insert({ year: d.year }).onConflict('year').ignore().execute();
        if (d.days.length) await tx.em.createQueryBuilder(NonTeachingDay).insert(d.days.map((x) => ({ ...x, year: d.year }))).onConflict('date').ignore().execute();
        await rebuildSessionsCovering(d.days.map((x) => x.date), tx);
      },
      [ATTENDANCE_EVENTS.NonTeachingDayAdded]: async (e, tx) => {
        const d = NonTeachingDayAddedV1.parse(e);
        await tx.em.createQueryBuilder(NonTeachingDay).insert({ ...d, year: Number(d.date.slice(0, 4)) }).onConflict('date').merge(['name']).execute();
        await rebuildSessionsCovering([d.date], tx);
      },
      [ATTENDANCE_EVENTS.NonTeachingDayRemoved]: async (e, tx) => {
        const d = NonTeachingDayRemovedV1.parse(e);
        await tx.em.createQueryBuilder(NonTeachingDay).delete().where({ date: d.date }).execute();
        await rebuildSessionsCovering([d.date], tx);
      },
      [ATTENDANCE_EVENTS.AttendanceMarked]: async (e, tx) => {
        const d = AttendanceMarkedV1.parse(e);
        // Erased student: the key is gone, the note reads empty (ADR 0003).
        const note = AttendanceMarkedV1.personal(e)?.note ?? '';
        const at = instant(e.metadata.occurredAt);
        await tx.em
          .createQueryBuilder(AttendanceMark)
          .insert({ sessionId: d.sessionId, studentId: d.studentId, subjectId: d.subjectId, status: d.status, note, markedAt: at })
          .onConflict(['sessionId', 'studentId'])
          .merge(['status', 'note', 'markedAt'])
          .execute();
        await tx.em
          .createQueryBuilder(AttendanceMarkChange)
          .insert({ eventId: e.id, sessionId: d.sessionId, studentId: d.studentId, status: d.status, previousStatus: d.previousStatus, note, actorId: e.metadata.actorId, at })
          .onConflict('eventId')
          .ignore()
          .execute();
      },
      // The person goes, with their marks and notes; changes they made to others' marks stay, without a name.
      [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
        await people.forget(e, tx);
        const { userId } = UserDeletedV1.parse(e);
        await tx.em.createQueryBuilder(AttendanceMark).delete().where({ studentId: userId }).execute();
        await tx.em.createQueryBuilder(AttendanceMarkChange).delete().where({ studentId: userId }).execute();
        await tx.em.createQueryBuilder(AttendanceEnrollment).delete().where({ studentId: userId }).execute();
        await tx.em.createQueryBuilder(AttendanceAssignment).delete().where({ teacherId: userId }).execute();
      },
    }),
  },
};
