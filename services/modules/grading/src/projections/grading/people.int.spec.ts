// The people replica (libs/backend peopleReplica) in grading: names given after a registration, a name
// change without a name (nobody renamed), a second registration of an id (the first one stays), a role
// change, a deleted person, and a name before its person's registration (it renames nobody).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { gradingProjection } from './grading.projection.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [A, B, C, T, D, E] = [1, 2, 3, 4, 5, 6].map(id);

const spec = projectionSpec(() => gradingProjection, 'grading_people');

const registered = (user: string, role: string, name: string, email: string): GivenEvent =>
  event(`user-${user}`, 'UserRegistered', { userId: user, role }, { personal: { subjectId: user, data: { email, fullName: name } } });
const named = (type: 'ProfileCompleted' | 'StudentContactUpdated', user: string, fullName?: string): GivenEvent =>
  event(`user-${user}`, type, { userId: user }, { personal: { subjectId: user, data: fullName === undefined ? {} : { fullName } } });

const people = (tables: Record<string, unknown[]>) => tables.people.map((r) => (r as { row: unknown }).row);

const log: GivenEvent[] = [
  registered(A, 'student', 'Ann', ' Ann@Example.com '),
  registered(T, 'teacher', 'Tom', 'tom@example.com'),
  named('ProfileCompleted', A, 'Ann Smith'),
  registered(B, 'student', 'Bob', 'bob@example.com'),
  named('ProfileCompleted', B),
  event(`user-${B}`, 'RoleAssigned', { userId: B, role: 'student_admin', previousRole: 'student' }),
  named('StudentContactUpdated', B, 'Bob Jones'),
  registered(C, 'student', 'Cat', 'cat@example.com'),
  named('StudentContactUpdated', A, 'Ann Jones'),
  registered(A, 'teacher', 'Someone else', 'else@example.com'),
  named('ProfileCompleted', C, 'Cat Lee'),
  event(`user-${C}`, 'UserDeleted', { userId: C }),
  named('StudentContactUpdated', B, 'Robert Jones'),
  named('StudentContactUpdated', T),
  registered(E, 'student', 'Eve', 'eve@example.com'),
  named('ProfileCompleted', E, 'Eve Adams'),
];

describe('grading people', () => {
  it('keeps each person with their role and last name until they are deleted', async () => {
    expect(people(await (await spec.given(log)).tables())).toEqual([
      { id: A, role: 'student', full_name: 'Ann Jones', email: 'ann@example.com' },
      { id: B, role: 'student_admin', full_name: 'Robert Jones', email: 'bob@example.com' },
      { id: T, role: 'teacher', full_name: 'Tom', email: 'tom@example.com' },
      { id: E, role: 'student', full_name: 'Eve Adams', email: 'eve@example.com' },
    ]);
  });

  it('a name given before its person registers renames nobody', async () => {
    // The row is not there yet: D keeps the name it registered with.
    const early = [named('ProfileCompleted', D, 'Too Early'), registered(D, 'student', 'Dee', 'dee@example.com'), ...log];
    expect(people(await (await spec.given(early)).tables())).toContainEqual({ id: D, role: 'student', full_name: 'Dee', email: 'dee@example.com' });
  });
});
