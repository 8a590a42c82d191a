// Who is told of a post (ADR 0029): every recipient the event names gets an in-app notice in the bell,
// always, and a mail unless they turned `announcements` off. The recipients were resolved when the post
// was made, so a replay writes the same notices. Edits and withdrawals tell no one again: the pinned
// list on the dashboards shows the new text or drops the post.
import { type InAppTemplates, mailbox, type MailTemplates, type Recipient } from '@academy/backend';
import { ANNOUNCEMENT_EVENTS, ANNOUNCEMENT_MESSAGES, AnnouncementPostedV1, type Role } from '@academy/contracts';

/** Each role's dashboard, where the post is pinned. */
export const DASHBOARD_OF: Record<Role, string> = {
  admin: '/dashboard/admin',
  student_admin: '/dashboard/student-admin',
  teacher: '/dashboard/teacher',
  student: '/dashboard/student',
  auditor: '/dashboard/auditor',
};

/** The bell shows a line, not an essay. */
const NOTICE_BODY_MAX = 280;
export const noticeBody = (body: string) => (body.length <= NOTICE_BODY_MAX ? body : `${body.slice(0, NOTICE_BODY_MAX - 1).trimEnd()}…`);

const link = (path: string, publicUrl: string | undefined) => (publicUrl ? new URL(path, publicUrl).toString() : path);

export const announcementsInAppTemplates: InAppTemplates = {
  [ANNOUNCEMENT_EVENTS.AnnouncementPosted]: async (event, { directory }) => {
    const d = AnnouncementPostedV1.parse(event);
    const notices = [];
    for (const userId of d.recipientIds) {
      // Only live recipients: someone erased since the post was made is not told.
      const r = await directory.byId(userId);
      if (r) notices.push({ userId, title: ANNOUNCEMENT_MESSAGES.noticeTitle(d.title), body: noticeBody(d.body), link: DASHBOARD_OF[r.role] });
    }
    return notices;
  },
};

export const announcementsMailTemplates: MailTemplates = {
  [ANNOUNCEMENT_EVENTS.AnnouncementPosted]: async (event, ctx) => {
    const d = AnnouncementPostedV1.parse(event);
    const recipients = (await Promise.all(d.recipientIds.map((id) => ctx.directory.byId(id)))).filter((r): r is Recipient => r !== null && r.preferences.announcements !== false);
    if (!recipients.length) return null;
    // One message per person (never a shared To: line that shows everyone's address), in the event's order: a retry skips the sent ones by index.
    return recipients.map((r) => {
      const name = r.fullName ?? r.email;
      return {
        to: mailbox(name, r.email),
        subject: ANNOUNCEMENT_MESSAGES.mailSubject(d.title),
        text: [`Hello ${name},`, '', d.title, '', d.body, '', `See it on your dashboard: ${link(DASHBOARD_OF[r.role], ctx.config.PUBLIC_URL)}`, '', 'You can turn these mails off in your notification settings.'].join('\n'),
      };
    });
  },
};
