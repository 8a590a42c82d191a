// The people replica's set handler (libs/backend peopleReplica(…).set, ADR 0035) in grading, against the
// replica's events applied one by one (its reference): the same log, built in batches of every size,
// leaves the same tables. The log mixes what the fold must get right: names given after a registration
// in the same batch (registered first, then renamed) and to people of earlier batches, a name change without a name (nobody renamed),
// a second registration of an id (the first one stays), RoleAssigned and UserDeleted in between (they
// flush the batch's people first), and a name before its person's registration (the exact path).
import { describe, expect, it } from '@jest/globals';
import { peopleReplica } from '@academy/backend';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { gradingProjection } from './grading.projection.js';
import { GradingPerson } from './person.entity.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [A, B, C, T, D, E] = [1, 2, 3, 4, 5, 6].map(id);

const sets = projectionSpec(() => gradingProjection, 'grading_people_sets');
const oneByOne = projectionSpec(
  () => ({ ...gradingProjection, sets: gradingProjection.sets!.filter((s) => !s.types.includes('UserRegistered')), handlers: { ...peopleReplica(GradingPerson).handlers, ...gradingProjection.handlers } }),
  'grading_people_one_by_one',
);

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

describe('grading people a batch at a time', () => {
  it('leaves the tables the events one by one leave, in batches of every size', async () => {
    const expected = await (await oneByOne.given(log)).tables();
    expect(people(expected)).toEqual([
      { id: A, role: 'student', full_name: 'Ann Jones', email: 'ann@example.com' },
      { id: B, role: 'student_admin', full_name: 'Robert Jones', email: 'bob@example.com' },
      { id: T, role: 'teacher', full_name: 'Tom', email: 'tom@example.com' },
      { id: E, role: 'student', full_name: 'Eve Adams', email: 'eve@example.com' },
    ]);
    for (const batchSize of [1, 2, 3, 4, 5, 8, 2000]) {
      expect({ batchSize, tables: await (await sets.given(log, { batchSize })).tables() }).toEqual({ batchSize, tables: expected });
    }
  });

  it('a name given before its person registers takes the exact path, one by one', async () => {
    // One by one the name renames nobody (the row is not there yet): D keeps the name it registered with.
    const early = [named('ProfileCompleted', D, 'Too Early'), registered(D, 'student', 'Dee', 'dee@example.com'), ...log];
    const expected = await (await oneByOne.given(early)).tables();
    expect(people(expected)).toContainEqual({ id: D, role: 'student', full_name: 'Dee', email: 'dee@example.com' });
    for (const batchSize of [2, 2000]) {
      expect({ batchSize, tables: await (await sets.given(early, { batchSize })).tables() }).toEqual({ batchSize, tables: expected });
    }
  });
});
