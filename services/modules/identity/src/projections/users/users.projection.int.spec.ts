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

  it('a first-login profile without a name keeps the name, a later one replaces its fields, one before the registration changes nobody', async () => {
    const OTHER = '00000000-0000-4000-8000-0000000000a2';
    const profile = (user: string, data: Record<string, string>) => event(`user-${user}`, 'ProfileCompleted', { userId: user }, { personal: { subjectId: user, data } });
    const t = await spec.given([
      profile(OTHER, { fullName: 'Too Early', phone: '+27 11 000 0007' }),
      event(
        `user-${OTHER}`,
        'UserRegistered',
        { userId: OTHER, role: 'student', emailHash: 'b'.repeat(64), selfRegistered: false },
        { personal: { subjectId: OTHER, data: { email: 'bo@example.com', fullName: 'Bo Kay', passwordHash: 'hash-2', phone: '+27 82 000 0002' } } },
      ),
      registered,
      profile(USER, { fullName: 'Ann Smith', phone: '+27 11 000 0001', address: '1 Main Road', dateOfBirth: '2000-01-01', emergencyContactName: 'Kin', emergencyContactPhone: '+27 11 111 1111' }),
      profile(USER, { phone: '+27 11 000 0003', address: '3 Main Road' }),
      event(stream, 'StudentContactUpdated', { userId: USER }, { personal: { subjectId: USER, data: { phone: '+27 11 999 9999' } } }),
    ]);
    expect(await t.rows('SELECT id, full_name, verified, first_login_completed, phone, address, date_of_birth::text, emergency_contact_name FROM users ORDER BY id')).toEqual([
      { id: USER, full_name: 'Ann Smith', verified: false, first_login_completed: true, phone: '+27 11 999 9999', address: null, date_of_birth: null, emergency_contact_name: null },
      { id: OTHER, full_name: 'Bo Kay', verified: true, first_login_completed: false, phone: '+27 82 000 0002', address: null, date_of_birth: null, emergency_contact_name: null },
    ]);
  });

  it('a rebuild after the person was erased keeps no personal field; UserDeleted removes the row', async () => {
    const t = await spec.given([registered]);
    await t.store.eraseSubject(USER);
    expect(await (await t.rebuild()).rows('SELECT email, full_name, password_hash FROM users')).toEqual([{ email: null, full_name: null, password_hash: null }]);
    expect(await (await t.andThen([event(stream, 'UserDeleted', { userId: USER, emailLookup: null })])).rows('SELECT id FROM users')).toEqual([]);
  });
});
