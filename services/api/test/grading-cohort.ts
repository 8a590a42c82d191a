// The cohort the grading suites (extensions, conversations, rubrics) start from: a program with a
// subject taught by `teacher`, another subject taught by `otherTeacher` (the "teacher of another
// subject" of the authorization matrices), a student admin and an auditor.
import { enrollmentResponseSchema, type Program, programResponseSchema, type Subject, subjectResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import type { Account, Harness } from './modules-harness.js';

export interface GradingCohort {
  teacher: Account;
  otherTeacher: Account;
  studentAdmin: Account;
  auditor: Account;
  program: Program;
  subject: Subject;
  /** Enrolls `student` in the subject and makes the enrollment active. */
  enrollActive(student: Account): Promise<void>;
}

export async function gradingCohort(h: Harness): Promise<GradingCohort> {
  const admin = h.admin.token;
  const teacher = await h.account('teacher', 'Tess Teacher');
  const otherTeacher = await h.account('teacher', 'Otto Other');
  const studentAdmin = await h.account('student_admin');
  const auditor = await h.account('auditor');
  const program = bodyOf(await h.call('POST', '/programs', { token: admin, body: { name: 'Web Development', type: 'evening' } }), programResponseSchema).program;
  const subject = bodyOf(await h.call('POST', '/subjects', { token: admin, body: { name: 'HTML & CSS', programId: program.id } }), subjectResponseSchema).subject;
  const otherSubject = bodyOf(await h.call('POST', '/subjects', { token: admin, body: { name: 'JavaScript', programId: program.id } }), subjectResponseSchema).subject;
  await h.call('POST', '/teacher-assignments', { token: admin, body: { teacherId: teacher.userId, subjectId: subject.id } });
  await h.call('POST', '/teacher-assignments', { token: admin, body: { teacherId: otherTeacher.userId, subjectId: otherSubject.id } });
  async function enrollActive(student: Account) {
    const e = bodyOf(await h.call('POST', '/enrollments', { token: admin, body: { studentId: student.userId, programId: program.id, subjectId: subject.id } }), enrollmentResponseSchema).enrollment;
    const active = await h.call('PUT', `/enrollments/${e.id}/status`, { token: admin, body: { status: 'active' } });
    if (active.status !== 200) throw new Error(`activating an enrollment: ${active.status}`);
  }
  return { teacher, otherTeacher, studentAdmin, auditor, program, subject, enrollActive };
}
