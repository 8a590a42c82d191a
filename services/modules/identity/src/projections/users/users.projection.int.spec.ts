// identity_users from given events, against real Postgres (libs/testing projectionSpec).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec } from '@academy/testing/projection';
import { usersProjection } from './users.projection.js';

const USER = '00000000-0000-4000-8000-0000000000a1';
const stream = `user-${USER}`;
const registered = event(
  stream,
  'UserRegistered',
  { userId: USER, role: 'student', emailHash: 'a'.repeat(64), selfRegistered: true },
  { personal: { subjectId: USER, data: { email: 'Ann@Example.com', fullName: 'Ann Lee', passwordHash: 'hash-1' } } },
);
const row = 'SELECT email, full_name, role, verified, password_hash, first_login_completed, notification_preferences FROM users';

const spec = projectionSpec(() => usersProjection, 'users_projection');

describe('identity users projection', () => {
  it('keeps an account from registration through verification, profile, role and preferences', async () => {
    const t = await spec.given([
      registered,
      event(stream, 'EmailVerified', { userId: USER }),
      event(stream, 'ProfileCompleted', { userId: USER }, { personal: { subjectId: USER, data: { fullName: 'Ann B. Lee', phone: '+27 82 123 4567' } } }),
      event(stream, 'RoleAssigned', { userId: USER, role: 'teacher', previousRole: 'student' }),
      event(stream, 'NotificationPreferencesChanged', { userId: USER, preferences: { newApplications: true, newSubmissions: false, submissionGraded: true, announcements: true } }),
    ]);
    expect(await t.rows(row)).toEqual([
      {
        email: 'ann@example.com',
        full_name: 'Ann B. Lee',
        role: 'teacher',
        verified: true,
        password_hash: 'hash-1',
        first_login_completed: true,
        notification_preferences: { newApplications: true, newSubmissions: false, submissionGraded: true, announcements: true },
      },
    ]);
  });

  it('a rebuild after the person was erased keeps no personal field; UserDeleted removes the row', async () => {
    const t = await spec.given([registered]);
    await t.store.eraseSubject(USER);
    expect(await (await t.rebuild()).rows('SELECT email, full_name, password_hash FROM users')).toEqual([{ email: null, full_name: null, password_hash: null }]);
    expect(await (await t.andThen([event(stream, 'UserDeleted', { userId: USER, emailLookup: null })])).rows('SELECT id FROM users')).toEqual([]);
  });
});
