import { describe, expect, it } from '@jest/globals';
import { usersListOf } from './list-users.handler.js';

const row = (id: string, role: 'admin' | 'teacher' | 'student' | 'student_admin', email: string | null = `${id}@x.test`) => ({
  id,
  email,
  fullName: null,
  role,
  createdAt: new Date('2026-11-24T10:00:00.000Z'),
  verified: true,
  firstLoginCompleted: false,
});

describe('usersListOf', () => {
  it('counts each role among the rows and keeps their order', () => {
    const list = usersListOf([row('a', 'student'), row('b', 'admin'), row('c', 'student'), row('d', 'student_admin'), row('e', 'teacher'), row('f', 'student')]);
    expect(list.counts).toEqual({ total: 6, admins: 1, teachers: 1, students: 3, studentAdmins: 1 });
    expect(list.users.map((u) => u.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('shows an erased person with empty strings, and no rows as zeros', () => {
    expect(usersListOf([row('a', 'teacher', null)]).users[0]).toEqual({ id: 'a', email: '', fullName: '', role: 'teacher', createdAt: '2026-11-24T10:00:00.000Z', verified: true, firstLoginCompleted: false });
    expect(usersListOf([])).toEqual({ counts: { total: 0, admins: 0, teachers: 0, students: 0, studentAdmins: 0 }, users: [] });
  });
});
