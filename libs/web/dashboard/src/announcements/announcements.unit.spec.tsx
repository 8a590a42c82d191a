import { describe, expect, it } from '@jest/globals';
import type { Announcement, Role, SessionUser } from '@academy/contracts';
import { announcementKeys } from '../api/announcements';
import { renderPage } from '../testing';
import { AnnouncementsPage, audienceOf, postFormSchema } from './announcements-page';
import { PinnedAnnouncements } from './pinned-announcements';

const user = (role: Role): SessionUser => ({ id: `u-${role}`, email: `${role}@academy.test`, fullName: `A ${role}`, role, firstLoginCompleted: true });
const post = (over: Partial<Announcement> = {}): Announcement => ({
  id: 'a1',
  title: 'Exam moved',
  body: 'Friday, room 2',
  audience: 'HTML & CSS',
  audienceKind: 'subjects',
  authorId: 'u-teacher',
  authorName: 'Tess Teacher',
  postedAt: '2026-11-24T08:00:00.000Z',
  editedAt: null,
  withdrawnAt: null,
  recipients: 12,
  ...over,
});

describe('PinnedAnnouncements', () => {
  it('pins each post with its author, audience and text', () => {
    const html = renderPage(<PinnedAnnouncements />, { user: user('student'), data: [[announcementKeys.mine, { announcements: [post(), post({ id: 'a2', title: 'Lab', editedAt: '2026-11-24T09:00:00.000Z' })] }]] });
    expect(html).toContain('>Announcements<');
    expect(html).toContain('<h3>Exam moved</h3>');
    expect(html).toContain('From Tess Teacher · HTML &amp; CSS');
    expect(html).toContain('Friday, room 2');
    expect(html).toMatch(/· edited/);
  });

  it('shows nothing when there is no post', () => {
    expect(renderPage(<PinnedAnnouncements />, { user: user('student'), data: [[announcementKeys.mine, { announcements: [] }]] })).toBe('');
  });
});

describe('AnnouncementsPage', () => {
  it("offers a teacher their subjects, and lists their posts with Edit and Withdraw (not for a withdrawn one)", () => {
    const html = renderPage(<AnnouncementsPage />, {
      user: user('teacher'),
      data: [
        [announcementKeys.audiences, { kinds: ['subject', 'my_subjects'], subjects: [{ id: 's1', name: 'HTML & CSS', programName: 'Web' }], programs: [] }],
        [announcementKeys.managed, { announcements: [post(), post({ id: 'a2', title: 'Old', withdrawnAt: '2026-11-24T10:00:00.000Z' })] }],
      ],
    });
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Announcements');
    expect(html).toContain('>One subject</option>');
    expect(html).toContain('>All my subjects</option>');
    expect(html).toContain('>HTML &amp; CSS (Web)</option>');
    for (const label of ['Audience', 'Subject', 'Title', 'Message']) expect(html).toMatch(new RegExp(`<label[^>]*for="[^"]+"[^>]*>${label}`));
    expect(html).toContain('aria-label="Edit Exam moved"');
    expect(html).toContain('aria-label="Withdraw Exam moved"');
    expect(html).not.toContain('aria-label="Withdraw Old"');
    expect(html).toContain('Withdrawn');
  });

  it('says so when nothing was posted yet', () => {
    const html = renderPage(<AnnouncementsPage />, {
      user: user('admin'),
      data: [
        [announcementKeys.audiences, { kinds: ['everyone', 'program', 'staff'], subjects: [], programs: [] }],
        [announcementKeys.managed, { announcements: [] }],
      ],
    });
    expect(html).toContain('No announcements yet');
    expect(html).toContain('>Everyone</option>');
  });
});

describe('the post form', () => {
  it('asks for a subject or program when the audience needs one, and refuses NUL and over-long text', () => {
    const ok = { title: 'T', body: 'B', kind: 'everyone', targetId: '' };
    expect(postFormSchema.safeParse(ok).success).toBe(true);
    const fields = (v: object) => Object.keys(postFormSchema.safeParse({ ...ok, ...v }).error?.flatten().fieldErrors ?? {}).sort();
    expect(fields({ kind: 'subject' })).toEqual(['targetId']);
    expect(fields({ kind: 'program' })).toEqual(['targetId']);
    expect(fields({ title: 'a\u0000b' })).toEqual(['title']);
    expect(fields({ body: 'x'.repeat(5001) })).toEqual(['body']);
    expect(audienceOf('subject', 's1')).toEqual({ kind: 'subject', subjectId: 's1' });
    expect(audienceOf('staff', 'ignored')).toEqual({ kind: 'staff' });
  });
});
