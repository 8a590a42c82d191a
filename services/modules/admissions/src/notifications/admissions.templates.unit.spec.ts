// The admissions mail and in-app templates as pure functions of (event, directory, config): who is
// told, in which fixed order, what they read, and what happens once the applicant is erased.
import type { MailMessage, Recipient, RecipientDirectory } from '@academy/backend';
import type { StoredEvent } from '@academy/event-store';
import { DEFAULT_NOTIFICATION_PREFERENCES, type Role } from '@academy/contracts';
import { admissionsMailTemplates } from './admissions.mail-templates.js';
import { admissionsInAppTemplates, admissionsSubjectErasures } from './admissions.in-app-templates.js';

const person = (userId: string, role: Role, email: string, newApplications = true): Recipient => ({
  userId,
  email,
  fullName: `Name ${userId}`,
  role,
  preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, newApplications },
});
const people = [
  person('a1', 'admin', 'boss@academy.test'),
  person('s1', 'student_admin', 'desk@academy.test'),
  person('s2', 'student_admin', 'quiet@academy.test', false),
  person('t1', 'teacher', 'teacher@academy.test'),
];
const directory: RecipientDirectory = {
  byRoles: async (roles) => people.filter((p) => roles.includes(p.role)),
  byId: async (id) => people.find((p) => p.userId === id) ?? null,
};
const config = { PUBLIC_URL: 'https://academy.example/', MAIL_FROM: 'Academy <no-reply@academy.example>', ADMISSIONS_EXTRA_EMAILS: ['Desk@academy.test', 'owner@academy.example'], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' };

const event = (type: string, data: Record<string, unknown>, personal: Record<string, unknown> | null): StoredEvent =>
  ({
    id: 'e1',
    position: 7,
    streamId: 'prospect-p1',
    streamVersion: 1,
    type,
    data,
    personal: personal ? { subjectId: 'prospect-p1', data: personal } : null,
    metadata: { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-23T10:00:00.000Z' },
  }) as unknown as StoredEvent;

const applied = event('ApplicationSubmitted', { prospectId: 'p1', course: 'Web Development' }, { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.com', phone: '+27 82 123 4567', message: 'Evenings?' });
const messaged = event('QuickContactReceived', { prospectId: 'p1' }, { name: 'Tendai', email: 't@example.zw', message: 'USD prices?' });

describe('mail', () => {
  it('an application: the acknowledgement first, then one staff mail to every admin and student admin who wants it plus the extra addresses', async () => {
    const [ack, staff] = (await admissionsMailTemplates.ApplicationSubmitted(applied, { config, directory })) as MailMessage[];
    expect(ack).toMatchObject({ to: 'Thandi Nkosi <thandi@example.com>', subject: 'We received your application to Academy' });
    expect(ack.text).toContain('Thank you for applying for Web Development. Our admissions team will contact you soon.');
    // The opted-out student admin is left out; an extra address that is a staff member's is not mailed twice.
    expect(staff.to).toEqual(['Name a1 <boss@academy.test>', 'Name s1 <desk@academy.test>', 'owner@academy.example']);
    expect(staff).toMatchObject({ subject: 'New application: Thandi Nkosi (Web Development)', replyTo: 'Thandi Nkosi <thandi@example.com>' });
    expect(staff.text).toContain('Phone: +27 82 123 4567');
    // When, in the academy's zone (the event happened at 10:00 UTC).
    expect(staff.text).toContain('Thandi Nkosi applied for Web Development on 23 Nov 2026, 12:00 Johannesburg time.');
    expect(staff.text).toContain('https://academy.example/dashboard/admin/prospective');
    expect(staff.text).toContain('https://academy.example/dashboard/student-admin/prospective');
  });

  it('with nobody to tell, only the acknowledgement (its index stays 0)', async () => {
    const nobody: RecipientDirectory = { byRoles: async () => [], byId: async () => null };
    const out = (await admissionsMailTemplates.ApplicationSubmitted(applied, { config: { ...config, ADMISSIONS_EXTRA_EMAILS: undefined }, directory: nobody })) as MailMessage[];
    expect(out).toHaveLength(1);
    expect(out[0].to).toBe('Thandi Nkosi <thandi@example.com>');
  });

  it('a quick-contact message: acknowledgement and staff mail the same way', async () => {
    const [ack, staff] = (await admissionsMailTemplates.QuickContactReceived(messaged, { config, directory })) as MailMessage[];
    expect(ack).toMatchObject({ to: 'Tendai <t@example.zw>', subject: 'We received your message to Academy' });
    expect(staff).toMatchObject({ subject: 'New quick-contact message: Tendai', replyTo: 'Tendai <t@example.zw>' });
    expect(staff.text).toContain('USD prices?');
  });

  it('an erased applicant gets no mail and staff get none about them', async () => {
    expect(await admissionsMailTemplates.ApplicationSubmitted(event('ApplicationSubmitted', { prospectId: 'p1', course: 'IT Support' }, null), { config, directory })).toBeNull();
  });
});

describe('in-app', () => {
  it('tells every admin and student admin (mail preferences do not apply), each with their own Prospective page', async () => {
    const about = { subjectId: 'prospect-p1', erasedBody: 'An erased applicant applied for Web Development.' };
    expect(await admissionsInAppTemplates.ApplicationSubmitted(applied, { directory })).toEqual([
      { userId: 'a1', title: 'New application', body: 'Thandi Nkosi applied for Web Development.', link: '/dashboard/admin/prospective', about },
      { userId: 's1', title: 'New application', body: 'Thandi Nkosi applied for Web Development.', link: '/dashboard/student-admin/prospective', about },
      { userId: 's2', title: 'New application', body: 'Thandi Nkosi applied for Web Development.', link: '/dashboard/student-admin/prospective', about },
    ]);
    const quick = await admissionsInAppTemplates.QuickContactReceived(messaged, { directory });
    expect(quick.map((n) => [n.userId, n.title, n.body, n.link])).toEqual([
      ['a1', 'New quick-contact message', 'Tendai sent a message.', '/dashboard/admin/prospective?kind=quick_contact'],
      ['s1', 'New quick-contact message', 'Tendai sent a message.', '/dashboard/student-admin/prospective?kind=quick_contact'],
      ['s2', 'New quick-contact message', 'Tendai sent a message.', '/dashboard/student-admin/prospective?kind=quick_contact'],
    ]);
  });

  it('says whom a notice names and how it reads once they are erased; a replay after the erasure writes that wording', async () => {
    const [live] = await admissionsInAppTemplates.ApplicationSubmitted(event('ApplicationSubmitted', { prospectId: 'p1', course: 'IT Support' }, applied.personal!.data), { directory });
    const [replayed] = await admissionsInAppTemplates.ApplicationSubmitted(event('ApplicationSubmitted', { prospectId: 'p1', course: 'IT Support' }, null), { directory });
    expect(live.about).toEqual({ subjectId: 'prospect-p1', erasedBody: 'An erased applicant applied for IT Support.' });
    expect(replayed.body).toBe('An erased applicant applied for IT Support.');
    expect(replayed.about).toEqual(live.about);
    const [quick] = await admissionsInAppTemplates.QuickContactReceived(event('QuickContactReceived', { prospectId: 'p1' }, null), { directory });
    expect(quick.body).toBe('An erased applicant sent a message.');
    expect(admissionsSubjectErasures.ApplicantErased(event('ApplicantErased', { prospectId: 'p1', byUserId: null, at: '2026-11-23T10:00:00.000Z', reason: 'account_deleted' }, null))).toEqual(['prospect-p1']);
  });
});
