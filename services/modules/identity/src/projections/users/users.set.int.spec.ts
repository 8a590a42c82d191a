// identity's users set (users.set.ts, ADR 0035) against its events applied one by one (the reference,
// `registrationHandlers`): the same log, built in batches of every size, leaves the same table. The log
// mixes what the fold must get right: a profile (with a name, or without: the registered one stays) folded into the row its run registers, profiles of rows
// from earlier batches, a profile without a name (the name stays) after one with a name, two profiles of
// one account, the projection's other events in between (they flush the run first), and a profile before
// its account's registration (the exact path, one by one).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { usersProjection } from './users.projection.js';
import { registrationHandlers } from './users.set.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [A, B, C, D, E] = [1, 2, 3, 4, 5].map(id);

const sets = projectionSpec(() => usersProjection, 'users_sets');
const oneByOne = projectionSpec(() => ({ ...usersProjection, sets: [], handlers: { ...usersProjection.handlers, ...registrationHandlers } }), 'users_one_by_one');

const registered = (user: string, n: number, selfRegistered: boolean, phone = ''): GivenEvent =>
  event(
    `user-${user}`,
    'UserRegistered',
    { userId: user, role: 'student', emailHash: String(n).repeat(64), selfRegistered },
    { personal: { subjectId: user, data: { email: `Person${n}@Example.com`, fullName: `Person ${n}`, passwordHash: `hash-${n}`, phone } } },
  );
const profile = (user: string, data: Record<string, string>): GivenEvent => event(`user-${user}`, 'ProfileCompleted', { userId: user }, { personal: { subjectId: user, data } });
const full = (name: string | undefined, n: string) => ({
  ...(name === undefined ? {} : { fullName: name }),
  phone: `+27 11 000 000${n}`,
  address: `${n} Main Road`,
  dateOfBirth: `2000-01-0${n}`,
  emergencyContactName: `Kin ${n}`,
  emergencyContactPhone: `+27 11 111 111${n}`,
});

const log: GivenEvent[] = [
  registered(A, 1, false),
  profile(A, full('Ann Smith', '1')),
  registered(B, 2, true, '+27 82 000 0002'),
  event(`user-${B}`, 'EmailVerificationRequested', { userId: B, tokenHash: 'b'.repeat(64) }),
  registered(C, 3, false),
  profile(B, full(undefined, '2')),
  event(`user-${B}`, 'EmailVerified', { userId: B }),
  profile(A, full(undefined, '3')),
  profile(C, full('Cat Lee', '4')),
  profile(C, { phone: '+27 11 999 9999' }),
  event(`user-${A}`, 'RoleAssigned', { userId: A, role: 'teacher', previousRole: 'student' }),
  profile(B, full('Bob Jones', '5')),
  profile(B, full(undefined, '6')),
  registered(E, 5, false),
  profile(E, full(undefined, '8')),
];

const row = 'SELECT id, email, full_name, role, verified, first_login_completed, phone, address, date_of_birth::text, emergency_contact_name, updated_at FROM users ORDER BY id';

describe('identity users a batch at a time', () => {
  it('leaves the table the events one by one leave, in batches of every size', async () => {
    const reference = await oneByOne.given(log);
    const expected = await reference.tables();
    expect(await reference.rows(row)).toMatchObject([
      { id: A, full_name: 'Ann Smith', role: 'teacher', first_login_completed: true, address: '3 Main Road', date_of_birth: '2000-01-03' },
      { id: B, full_name: 'Bob Jones', verified: true, phone: '+27 11 000 0006', address: '6 Main Road' },
      { id: C, full_name: 'Cat Lee', phone: '+27 11 999 9999', address: null, date_of_birth: null },
      { id: E, full_name: 'Person 5', first_login_completed: true, address: '8 Main Road' },
    ]);
    for (const batchSize of [1, 2, 3, 4, 5, 8, 2000]) {
      expect({ batchSize, tables: await (await sets.given(log, { batchSize })).tables() }).toEqual({ batchSize, tables: expected });
    }
  });

  it('a profile before its account registers takes the exact path, one by one', async () => {
    // One by one the early profile updates nobody: D's row is as registered.
    const early = [profile(D, full('Too Early', '7')), registered(D, 4, false), ...log];
    const expected = await (await oneByOne.given(early)).tables();
    for (const batchSize of [2, 2000]) {
      const built = await sets.given(early, { batchSize });
      expect({ batchSize, tables: await built.tables() }).toEqual({ batchSize, tables: expected });
      expect(await built.rows('SELECT full_name, first_login_completed FROM users WHERE id = $1', [D])).toEqual([{ full_name: 'Person 4', first_login_completed: false }]);
    }
  });
});
