import { defineEntity, p } from '@mikro-orm/core';

/** `marks`: each student's latest mark per session (the note decrypted: gone with the student). */
export const AttendanceMark = defineEntity({
  name: 'AttendanceMark',
  tableName: 'marks',
  properties: {
    sessionId: p.uuid().primary(),
    studentId: p.uuid().primary(),
    subjectId: p.uuid(),
    status: p.text(),
    note: p.text(),
    markedAt: p.datetime(),
  },
  indexes: [{ name: 'marks_student_idx', properties: ['studentId'] }, { name: 'marks_subject_idx', properties: ['subjectId'] }],
});

/** `mark_changes`: every mark ever written, with who wrote it: the correction history. */
export const AttendanceMarkChange = defineEntity({
  name: 'AttendanceMarkChange',
  tableName: 'mark_changes',
  properties: {
    eventId: p.uuid().primary(),
    sessionId: p.uuid(),
    studentId: p.uuid(),
    status: p.text(),
    previousStatus: p.text().nullable(),
    note: p.text(),
    actorId: p.uuid().nullable(),
    at: p.datetime(),
  },
  indexes: [{ name: 'mark_changes_session_idx', properties: ['sessionId', 'at'] }, { name: 'mark_changes_student_idx', properties: ['studentId'] }],
});
