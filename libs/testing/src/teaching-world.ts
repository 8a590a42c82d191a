// A class ready to submit work, made through the BUILT API as an admin and a teacher would make it
// (for tests that start the services with startApi): the first admin, a teacher and a student invited
// by mail (their temporary passwords read from the SMTP catcher), the student's first-login profile,
// a program with one subject taught by the teacher, the student's active enrollment, and a published
// week 1 with five daily tasks. Each answer is read with its contract.
import { z } from 'zod';
import { enrollmentResponseSchema, programResponseSchema, sessionSchema, setupResponseSchema, subjectResponseSchema, userResponseSchema, weekResponseSchema } from '@academy/contracts';
import type { TestSmtpCatcher } from './smtp.js';

export interface WorldAccount {
  id: string;
  email: string;
  fullName: string;
  /** The teacher's temporary password; the student's own, set on the first-login profile. */
  password: string;
  /** A bearer token of the account. */
  token: string;
}
export interface TeachingWorld {
  adminToken: string;
  teacher: WorldAccount;
  student: WorldAccount;
  subjectId: string;
  weekId: string;
  /** Day 1–5's task ids. */
  taskIds: string[];
}

/** A JSON call to `<url>/api<path>` whose answer must be a success, read with `schema`. */
export function apiJson(url: string) {
  return async <S extends z.ZodType>(schema: S, method: string, path: string, o: { token?: string; body?: unknown } = {}): Promise<z.output<S>> => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return schema.parse(text ? JSON.parse(text) : null);
  };
}

export async function seedTeachingWorld(url: string, smtp: TestSmtpCatcher, names: { teacher?: string; student?: string } = {}): Promise<TeachingWorld> {
  const call = apiJson(url);
  const anything = z.unknown();
  const signIn = async (email: string, password: string) => (await call(sessionSchema, 'POST', '/auth/sign-in', { body: { email, password } })).access_token;
  const invitedPassword = async (email: string) => {
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text), 20_000);
    return /Temporary password: (\S+)/.exec(mail.text)![1]!;
  };
  const setup = await call(setupResponseSchema, 'POST', '/setup');
  const adminToken = await signIn(setup.email, setup.password);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const invite = async (role: 'teacher' | 'student', fullName: string): Promise<WorldAccount> => {
    const email = `${role}-${stamp}@academy.test`;
    const { user } = await call(userResponseSchema, 'POST', '/users', { token: adminToken, body: { fullName, email, role } });
    const password = await invitedPassword(email);
    return { id: user.id, email, fullName, password, token: await signIn(email, password) };
  };
  const teacher = await invite('teacher', names.teacher ?? 'Tendai Moyo');
  const student = await invite('student', names.student ?? 'Lerato Mokoena');
  student.password = 'Lerato-s-own-passw0rd';
  await call(anything, 'POST', '/profile/complete', {
    token: student.token,
    body: { fullName: student.fullName, phone: '+27 82 555 0101', address: '12 Long Street, Cape Town', dateOfBirth: '2001-04-09', emergencyContactName: 'Thabo Mokoena', emergencyContactPhone: '+27 83 555 0102', password: student.password, confirmPassword: student.password },
  });
  student.token = await signIn(student.email, student.password);
  const { program } = await call(programResponseSchema, 'POST', '/programs', { token: adminToken, body: { name: 'Web Development', type: 'evening', description: 'HTML to React' } });
  const { subject } = await call(subjectResponseSchema, 'POST', '/subjects', { token: adminToken, body: { name: 'HTML & CSS', programId: program.id } });
  await call(anything, 'POST', '/teacher-assignments', { token: adminToken, body: { teacherId: teacher.id, subjectId: subject.id } });
  const { enrollment } = await call(enrollmentResponseSchema, 'POST', '/enrollments', { token: adminToken, body: { studentId: student.id, programId: program.id, subjectId: subject.id } });
  await call(anything, 'PUT', `/enrollments/${enrollment.id}/status`, { token: adminToken, body: { status: 'active' } });
  const { week } = await call(weekResponseSchema, 'POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 1, title: 'Semantic HTML' } });
  const days = ['Semantic page skeleton', 'Forms that explain themselves', 'Flexbox layout', 'Responsive grid', 'Accessible colours'];
  for (const [i, title] of days.entries()) await call(anything, 'POST', `/weeks/${week.id}/tasks`, { token: teacher.token, body: { dayNumber: i + 1, title } });
  await call(anything, 'PUT', `/weeks/${week.id}/published`, { token: teacher.token, body: { published: true } });
  const published = await call(weekResponseSchema, 'GET', `/weeks/${week.id}`, { token: teacher.token });
  return { adminToken, teacher, student, subjectId: subject.id, weekId: week.id, taskIds: published.week.tasks.map((t) => t.id) };
}
