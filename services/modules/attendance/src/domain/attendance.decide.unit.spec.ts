// given events / when command / then events (ARCHITECTURE.md §9): the timetable, single-session
// changes, the non-teaching days, and a session's marks saved in one command with corrections.
import { ATTENDANCE_MESSAGES } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { attendanceDecider, type AttendanceEvent, type RecordAttendance } from './attendance.js';
import { nonTeachingDaysDecider } from './non-teaching-days.js';
import { type ScheduleCommand, scheduleDecider, type ScheduleEvent } from './schedule.js';
import { plannedSessions, sessionIdOf, weekOf } from './timetable.js';

const schedule = { subjectId: 'sub1', startDate: '2027-03-15', weeks: 2, weekdays: [1, 2, 3, 4, 5], startTime: '18:00', lectureMinutes: 60, supportMinutes: 0, timeZone: 'Africa/Johannesburg' };

describe('the timetable', () => {
  it('places each weekday session at its wall time in the zone, skipping non-teaching days', () => {
    const sessions = plannedSessions('sub1', schedule, new Set(['2027-03-22']));
    expect(sessions).toHaveLength(9);
    expect(sessions.map((s) => s.date)).not.toContain('2027-03-22');
    expect(sessions[0]).toMatchObject({ date: '2027-03-15', week: 1, kind: 'lecture', id: sessionIdOf('sub1', '2027-03-15', 'lecture') });
    expect(sessions[0]!.startsAt.toISOString()).toBe('2027-03-15T16:00:00.000Z');
    expect(sessions.at(-1)).toMatchObject({ date: '2027-03-26', week: 2 });
  });

  it('follows a daytime lecture with its support block', () => {
    const [lecture, support] = plannedSessions('sub1', { ...schedule, startTime: '08:00', supportMinutes: 480 }, new Set());
    expect(lecture!.endsAt.toISOString()).toBe('2027-03-15T07:00:00.000Z');
    expect(support).toMatchObject({ kind: 'support', startsAt: lecture!.endsAt });
    expect(support!.endsAt.toISOString()).toBe('2027-03-15T15:00:00.000Z');
  });

  it('counts the programme week from the start date', () => {
    expect([weekOf('2027-03-15', '2027-03-14'), weekOf('2027-03-15', '2027-03-15'), weekOf('2027-03-15', '2027-03-21'), weekOf('2027-03-15', '2027-03-22')]).toEqual([0, 1, 1, 2]);
  });
});

describe('schedules and single sessions', () => {
  const spec = deciderSpec(scheduleDecider);
  const admin = { userId: 'a1', role: 'admin' as const };
  const teacher = { userId: 't1', role: 'teacher' as const };
  const set: ScheduleEvent = { type: 'SessionScheduleSet', data: schedule };
  const session = { sessionId: 's-1', startsAt: '2027-03-15T16:00:00.000Z', durationMs: 3_600_000 };
  const cancel = (over: Partial<Extract<ScheduleCommand, { type: 'CancelSession' }>> = {}): ScheduleCommand => ({
    type: 'CancelSession',
    actor: teacher,
    teacherSubjectIds: ['sub1'],
    subjectName: 'HTML',
    session,
    reason: 'Strike',
    recipientIds: ['st2', 'st1', 'st1'],
    ...over,
  });

  it('lets an admin set it, not a teacher; the same schedule again appends nothing', () => {
    spec.given().when({ type: 'SetSchedule', actor: admin, schedule }).then([set]);
    spec.given().when({ type: 'SetSchedule', actor: teacher, schedule }).thenRefused({ kind: 'forbidden', message: ATTENDANCE_MESSAGES.notYourSubject });
    spec.given(set).when({ type: 'SetSchedule', actor: admin, schedule: { ...schedule, weekdays: [5, 4, 3, 2, 1] } }).then([]);
  });

  it("cancels a session of the teacher's subject once, naming the cohort it tells", () => {
    spec
      .given(set)
      .when(cancel())
      .then([{ type: 'SessionCancelled', data: { subjectId: 'sub1', subjectName: 'HTML', sessionId: 's-1', timeZone: 'Africa/Johannesburg', reason: 'Strike', recipientIds: ['st1', 'st2'], startsAt: session.startsAt } }]);
    spec.given(set).when(cancel({ teacherSubjectIds: ['sub2'] })).thenRefused({ kind: 'forbidden', message: ATTENDANCE_MESSAGES.notYourSubject });
    const cancelled = scheduleDecider.decide(cancel(), scheduleDecider.evolve(scheduleDecider.initialState(), { ...set, personal: null, metadata: {} as never }));
    spec.given(set, ...cancelled).when(cancel()).thenRefused({ kind: 'conflict', message: ATTENDANCE_MESSAGES.alreadyCancelled });
    spec.given(set, ...cancelled).when({ ...cancel(), type: 'MoveSession', startsAt: '2027-03-16T16:00:00.000Z' } as ScheduleCommand).thenRefused({ kind: 'conflict', message: ATTENDANCE_MESSAGES.alreadyCancelled });
  });

  it('moves a session keeping its length', () => {
    const [moved] = scheduleDecider.decide(
      { type: 'MoveSession', actor: admin, teacherSubjectIds: [], subjectName: 'HTML', session, startsAt: '2027-03-16T10:00:00.000Z', reason: 'Lab', recipientIds: [] },
      scheduleDecider.evolve(scheduleDecider.initialState(), { ...set, personal: null, metadata: {} as never }),
    );
    expect(moved).toMatchObject({ type: 'SessionMoved', data: { fromStartsAt: session.startsAt, startsAt: '2027-03-16T10:00:00.000Z', endsAt: '2027-03-16T11:00:00.000Z' } });
  });
});

describe('non-teaching days', () => {
  const spec = deciderSpec(nonTeachingDaysDecider);
  const filled = { type: 'NonTeachingDaysFilled' as const, data: { year: 2027, days: [{ date: '2027-03-22', name: 'Public Holiday (ZA)' }] } };

  it('fills the public holidays once a year; the admin adds and removes days', () => {
    spec.given().when({ type: 'FillPublicHolidays', role: 'admin', year: 2027, holidays: filled.data.days }).then([filled]);
    spec.given(filled).when({ type: 'FillPublicHolidays', role: 'admin', year: 2027, holidays: filled.data.days }).then([]);
    spec.given(filled).when({ type: 'AddNonTeachingDay', role: 'admin', date: '2027-03-22', name: 'x' }).thenRefused({ kind: 'conflict', message: ATTENDANCE_MESSAGES.holidayExists });
    spec.given(filled).when({ type: 'RemoveNonTeachingDay', role: 'admin', date: '2027-03-22' }).then([{ type: 'NonTeachingDayRemoved', data: { date: '2027-03-22' } }]);
    spec.given().when({ type: 'RemoveNonTeachingDay', role: 'admin', date: '2027-03-22' }).thenRefused({ kind: 'not_found', message: ATTENDANCE_MESSAGES.holidayNotFound });
    spec.given().when({ type: 'AddNonTeachingDay', role: 'teacher', date: '2027-03-23', name: 'x' }).thenRefused({ kind: 'forbidden', message: 'Only an admin can change the non-teaching days' });
  });
});

describe("a session's marks", () => {
  const spec = deciderSpec(attendanceDecider);
  const record = (over: Partial<RecordAttendance> = {}): RecordAttendance => ({
    type: 'RecordAttendance',
    actor: { userId: 't1', role: 'teacher' },
    teacherSubjectIds: ['sub1'],
    session: { sessionId: 'se1', subjectId: 'sub1', startsAt: new Date('2027-03-15T16:00:00Z'), cancelled: false },
    roster: new Set(['st1', 'st2']),
    marks: [
      { studentId: 'st1', status: 'present', note: 'ignored' },
      { studentId: 'st2', status: 'excused', note: 'Clinic visit' },
    ],
    now: new Date('2027-03-15T17:00:00Z'),
    ...over,
  });
  const marked = (studentId: string, status: 'present' | 'excused' | 'absent', note: string, previousStatus: null | 'excused' = null): AttendanceEvent => ({
    type: 'AttendanceMarked',
    data: { sessionId: 'se1', subjectId: 'sub1', studentId, status, previousStatus },
    personal: { subjectId: studentId, data: { note } },
  });

  it('writes one event per student in one decision, the note encrypted under the student', () => {
    spec.given().when(record()).then([marked('st1', 'present', ''), marked('st2', 'excused', 'Clinic visit')]);
  });

  it('writes only the changed marks when saved again, as corrections', () => {
    spec
      .given(marked('st1', 'present', ''), marked('st2', 'excused', 'Clinic visit'))
      .when(record({ marks: [{ studentId: 'st1', status: 'present', note: '' }, { studentId: 'st2', status: 'absent', note: '' }] }))
      .then([marked('st2', 'absent', '', 'excused')]);
  });

  it('refuses another teacher, a cancelled or future session, and a student outside the cohort', () => {
    spec.given().when(record({ teacherSubjectIds: [] })).thenRefused({ kind: 'forbidden', message: ATTENDANCE_MESSAGES.notYourSubject });
    spec.given().when(record({ actor: { userId: 's1', role: 'student' }, teacherSubjectIds: ['sub1'] })).thenRefused({ kind: 'forbidden', message: ATTENDANCE_MESSAGES.notYourSubject });
    spec.given().when(record({ session: { ...record().session, cancelled: true } })).thenRefused({ kind: 'conflict', message: ATTENDANCE_MESSAGES.cancelledSession });
    spec.given().when(record({ now: new Date('2027-03-15T15:59:00Z') })).thenRefused({ kind: 'conflict', message: ATTENDANCE_MESSAGES.notStarted });
    spec.given().when(record({ roster: new Set(['st1']) })).thenRefused({ kind: 'invalid', message: ATTENDANCE_MESSAGES.notInCohort });
  });
});
