// Who is told of a cancelled or moved session: the cohort named in the event (its live students when
// the change was made), in the bell always and by mail unless they turned `announcements` off (a
// change of the timetable is the academy's message to a group, as an announcement is: one preference,
// not one per kind of message). Nothing personal is in the event or the job: only ids, the subject's
// name, the times and the staff's reason.
import { type InAppTemplates, mailbox, type MailTemplates, type Recipient } from '@academy/backend';
import { ATTENDANCE_EVENTS, ATTENDANCE_MESSAGES, formatZonedDateTime, SessionCancelledV1, SessionMovedV1 } from '@academy/contracts';

/** Where a student sees their sessions and attendance. */
export const MY_ATTENDANCE_PATH = '/dashboard/student/attendance';

const link = (publicUrl: string | undefined) => (publicUrl ? new URL(MY_ATTENDANCE_PATH, publicUrl).toString() : MY_ATTENDANCE_PATH);

/** The title and the one-line text of a change, for the bell and the mail alike. */
function describe(event: Parameters<InAppTemplates[string]>[0]): { recipientIds: string[]; title: string; text: string } {
  if (event.type === ATTENDANCE_EVENTS.SessionCancelled) {
    const d = SessionCancelledV1.parse(event);
    return { recipientIds: d.recipientIds, title: ATTENDANCE_MESSAGES.noticeCancelledTitle(d.subjectName), text: `The session of ${formatZonedDateTime(d.startsAt, d.timeZone)} is cancelled. Reason: ${d.reason}` };
  }
  const d = SessionMovedV1.parse(event);
  return {
    recipientIds: d.recipientIds,
    title: ATTENDANCE_MESSAGES.noticeMovedTitle(d.subjectName),
    text: `The session of ${formatZonedDateTime(d.fromStartsAt, d.timeZone)} moves to ${formatZonedDateTime(d.startsAt, d.timeZone)}. Reason: ${d.reason}`,
  };
}

const inApp: InAppTemplates[string] = async (event, { directory }) => {
  const { recipientIds, title, text } = describe(event);
  const notices = [];
  for (const userId of recipientIds) {
    // Only live recipients: someone erased since is not told.
    if (await directory.byId(userId)) notices.push({ userId, title, body: text, link: MY_ATTENDANCE_PATH });
  }
  return notices;
};

export const attendanceInAppTemplates: InAppTemplates = { [ATTENDANCE_EVENTS.SessionCancelled]: inApp, [ATTENDANCE_EVENTS.SessionMoved]: inApp };

const mail: MailTemplates[string] = async (event, ctx) => {
  const { recipientIds, title, text } = describe(event);
  const recipients = (await Promise.all(recipientIds.map((id) => ctx.directory.byId(id)))).filter((r): r is Recipient => r !== null && r.preferences.announcements !== false);
  if (!recipients.length) return null;
  // One message per person, in the event's order: a retry skips the sent ones by index.
  return recipients.map((r) => {
    const name = r.fullName ?? r.email;
    return {
      to: mailbox(name, r.email),
      subject: title,
      text: [`Hello ${name},`, '', text, '', `Your sessions and attendance: ${link(ctx.config.PUBLIC_URL)}`, '', 'You can turn these mails off in your notification settings (Announcements).'].join('\n'),
    };
  });
};

export const attendanceMailTemplates: MailTemplates = { [ATTENDANCE_EVENTS.SessionCancelled]: mail, [ATTENDANCE_EVENTS.SessionMoved]: mail };
