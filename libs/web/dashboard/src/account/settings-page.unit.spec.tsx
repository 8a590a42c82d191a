import { describe, expect, it } from '@jest/globals';
import type { NotificationPreferences, Role, SessionUser } from '@academy/contracts';
import { accountKeys } from '../api/account';
import { renderPage } from '../testing';
import { SettingsPage } from './settings-page';

const user = (role: Role): SessionUser => ({ id: `u-${role}`, email: `${role}@academy.test`, fullName: `A ${role}`, role, firstLoginCompleted: true });
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const sessions = {
  sessions: [
    { id: 's1', createdAt: '2026-11-23T08:00:00.000Z', lastUsedAt: '2026-11-23T10:00:00.000Z', userAgent: chrome, current: true },
    { id: 's2', createdAt: '2026-11-20T08:00:00.000Z', lastUsedAt: '2026-11-21T09:30:00.000Z', userAgent: null, current: false },
  ],
};
const preferences: NotificationPreferences = { newApplications: true, newSubmissions: false, submissionGraded: true, announcements: false };
const KEY_OF: Record<string, keyof NotificationPreferences> = { 'New applications': 'newApplications', 'New submissions': 'newSubmissions', 'Graded submissions': 'submissionGraded' };

function render(
  role: Role,
  data: [readonly unknown[], unknown][] = [
    [accountKeys.sessions, sessions],
    [accountKeys.notificationPreferences, preferences],
  ],
) {
  return renderPage(<SettingsPage />, { user: user(role), data });
}

describe('SettingsPage', () => {
  it('has the change-password form with labelled fields and its submit button', () => {
    const html = render('admin');
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Settings');
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) expect(html).toMatch(new RegExp(`<label[^>]*for="[^"]+"[^>]*>${label}</label>`));
    expect(html.match(/type="password"/g)).toHaveLength(3);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Change Password<\/button>/);
  });

  it('lists the signed-in sessions with the current one marked, and can sign out of the others', () => {
    const html = render('student_admin');
    expect(html).toContain('Chrome on Linux');
    expect(html.match(/This device/g)).toHaveLength(1);
    expect(html).toContain('Unknown device');
    expect(html).toContain('last active 21 Nov 2026, 09:30');
    expect(html).toMatch(/<button(?![^>]*disabled="")[^>]*>Sign out of other sessions<\/button>/);
  });

  it('cannot sign out of other sessions when there are none', () => {
    const html = render('admin', [
      [accountKeys.sessions, { sessions: sessions.sessions.slice(0, 1) }],
      [accountKeys.notificationPreferences, preferences],
    ]);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Sign out of other sessions<\/button>/);
  });

  it.each([
    ['admin', 'New applications'],
    ['student_admin', 'New applications'],
    ['teacher', 'New submissions'],
    ['student', 'Graded submissions'],
  ] as const)('shows %s only the notification preference of the role, as a labelled switch with its saved state', (role, label) => {
    const html = render(role);
    const switches = [...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>(New applications|New submissions|Graded submissions)<\/label>/g)];
    expect(switches.map((m) => m[2])).toEqual([label]);
    const id = switches[0][1];
    const control = [...html.matchAll(/<button[^>]*role="switch"[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`id="${id}"`)) ?? '';
    expect(control).toContain(`aria-checked="${preferences[KEY_OF[label]]}"`);
  });

  it.each(['admin', 'student_admin', 'teacher', 'student'] as const)('shows %s the announcements preference with its saved state', (role) => {
    const html = render(role);
    const id = /<label[^>]*for="([^"]+)"[^>]*>Announcements<\/label>/.exec(html)?.[1];
    expect(id).toBeDefined();
    const control = [...html.matchAll(/<button[^>]*role="switch"[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`id="${id}"`)) ?? '';
    expect(control).toContain('aria-checked="false"');
  });

  it('shows spinners while the sessions and preferences are read', () => {
    const html = render('admin', []);
    expect(html).toContain('Loading your sessions…');
    expect(html).toContain('Loading your notification preferences…');
  });
});
