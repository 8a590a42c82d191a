// The notifications read model from given events, against real Postgres (libs/testing projectionSpec):
// recipients from identity's published events, notices from a context's in-app template, read marks.
import { describe, expect, it } from '@jest/globals';
import type { InAppTemplates } from '@academy/backend';
import { CapstonePassedV1 } from '@academy/contracts';
import { event, projectionSpec } from '@academy/testing/projection';
import { notificationsProjection } from './notifications.projection.js';

const STUDENT = '00000000-0000-4000-8000-0000000000e1';
const CAPSTONE = '00000000-0000-4000-8000-0000000000e2';
const NOTICE_EVENT = '00000000-0000-4000-8000-0000000000e3';

// A template as a producing context writes one: it parses the published event it is keyed by.
const templates: InAppTemplates = {
  CapstonePassed: (e) => {
    const d = CapstonePassedV1.parse(e);
    return [{ userId: d.studentId, title: 'Capstone passed', body: `Capstone ${d.capstoneId} passed`, about: { subjectId: d.studentId, erasedBody: 'A capstone passed' } }];
  },
};

const spec = projectionSpec(() => notificationsProjection(templates), 'notifications_projection');
const user = `user-${STUDENT}`;
const registered = event(user, 'UserRegistered', { userId: STUDENT, role: 'student' }, { personal: { subjectId: STUDENT, data: { email: 'Ann@Example.com', fullName: 'Ann Lee' } } });
const passed = event(
  `work-${STUDENT}-${CAPSTONE}`,
  'CapstonePassed',
  { studentId: STUDENT, capstoneId: CAPSTONE, submissionId: CAPSTONE, weekId: CAPSTONE, subjectId: CAPSTONE, programId: CAPSTONE },
  { id: NOTICE_EVENT },
);

describe('notifications projection', () => {
  it('keeps recipients with their name, role and preferences, and tells them once per event', async () => {
    const t = await spec.given([
      registered,
      event(user, 'StudentContactUpdated', { userId: STUDENT }, { personal: { subjectId: STUDENT, data: { fullName: 'Ann B. Lee' } } }),
      event(user, 'NotificationPreferencesChanged', { userId: STUDENT, preferences: { newApplications: false, newSubmissions: false, submissionGraded: false, announcements: false } }),
      passed,
    ]);
    expect(await t.rows('SELECT email, full_name, role, preferences FROM recipients')).toEqual([
      { email: 'ann@example.com', full_name: 'Ann B. Lee', role: 'student', preferences: { newApplications: false, newSubmissions: false, submissionGraded: false, announcements: false } },
    ]);
    expect(await t.rows('SELECT event_id, title, body, read_at FROM inbox')).toEqual([{ event_id: NOTICE_EVENT, title: 'Capstone passed', body: `Capstone ${CAPSTONE} passed`, read_at: null }]);
    const read = await t.andThen([event(`inbox-${STUDENT}`, 'NotificationsRead', { userId: STUDENT, notificationIds: null })]);
    expect(await read.rows('SELECT read_at IS NOT NULL AS read FROM inbox')).toEqual([{ read: true }]);
  });

  it('UserDeleted removes the recipient and their notices', async () => {
    const t = await spec.given([registered, passed, event(user, 'UserDeleted', { userId: STUDENT, emailLookup: null })]);
    expect(await t.rows('SELECT user_id FROM recipients')).toEqual([]);
    expect(await t.rows('SELECT user_id FROM inbox')).toEqual([]);
  });
});
