// The mails of the admissions context (ARCHITECTURE.md §7, issue 7). The worker renders them from the
// event read back out of the store (personal part decrypted), so Redis never holds an applicant's data.
// Each submission becomes, in this fixed order (a retried job skips the parts already sent by index):
//   0. the acknowledgement to the applicant;
//   1. one notice to the admissions staff: every admin and student admin who keeps `newApplications`
//      on, plus ADMISSIONS_EXTRA_EMAILS (left out when nobody is to be told).
import { headerText, mailbox, type MailMessage, type MailTemplateContext, type MailTemplates } from '@academy/backend';
import { ADMISSIONS_EVENTS, ApplicationSubmittedV1, formatZonedDateTime, PROSPECTIVE_PAGE_BY_ROLE, QuickContactReceivedV1 } from '@academy/contracts';

const PRODUCT = 'Academy';

/** Every address that is told about new applications (deduplicated, case-insensitively). */
async function admissionsStaff(ctx: MailTemplateContext): Promise<string[]> {
  const staff = await ctx.directory.byRoles(['admin', 'student_admin']);
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (email: string, to: string) => {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key)) return;
    seen.add(key);
    out.push(to);
  };
  for (const s of staff) if (s.preferences.newApplications) add(s.email, mailbox(s.fullName ?? '', s.email));
  for (const extra of ctx.config.ADMISSIONS_EXTRA_EMAILS ?? []) add(extra, extra);
  return out;
}

function prospectiveLinks(ctx: MailTemplateContext): string[] {
  const base = (ctx.config.PUBLIC_URL ?? '').replace(/\/$/, '');
  return [`Admins: ${base}${PROSPECTIVE_PAGE_BY_ROLE.admin}`, `Student admins: ${base}${PROSPECTIVE_PAGE_BY_ROLE.student_admin}`];
}

export const admissionsMailTemplates: MailTemplates = {
  [ADMISSIONS_EVENTS.ApplicationSubmitted]: async (event, ctx) => {
    const p = ApplicationSubmittedV1.personal(event);
    if (!p) return null;
    const { course } = ApplicationSubmittedV1.parse(event);
    const name = `${p.firstName} ${p.lastName}`.trim();
    const messages: MailMessage[] = [
      {
        to: mailbox(name, p.email),
        subject: `We received your application to ${PRODUCT}`,
        text: [
          `Hello ${p.firstName},`,
          '',
          `Thank you for applying for ${course}. Our admissions team will contact you soon.`,
          '',
          'What you sent us:',
          `Course: ${course}`,
          `Phone: ${p.phone}`,
          `Message: ${p.message}`,
          '',
          `If you did not apply, you can ignore this mail.`,
        ].join('\n'),
      },
    ];
    const staff = await admissionsStaff(ctx);
    if (staff.length) {
      messages.push({
        to: staff,
        replyTo: mailbox(name, p.email),
        subject: `New application: ${headerText(name)} (${course})`,
        text: [
          `${name} applied for ${course} on ${formatZonedDateTime(event.metadata.occurredAt, ctx.config.ACADEMY_TIME_ZONE)}.`,
          '',
          `Email: ${p.email}`,
          `Phone: ${p.phone}`,
          `Message: ${p.message}`,
          '',
          'Open Prospective in your dashboard to contact, convert or decline:',
          ...prospectiveLinks(ctx),
          '',
          'You receive this because you handle admissions. Turn it off under Settings, notification preferences.',
        ].join('\n'),
      });
    }
    return messages;
  },
  [ADMISSIONS_EVENTS.QuickContactReceived]: async (event, ctx) => {
    const p = QuickContactReceivedV1.personal(event);
    if (!p) return null;
    const messages: MailMessage[] = [
      {
        to: mailbox(p.name, p.email),
        subject: `We received your message to ${PRODUCT}`,
        text: [`Hello ${p.name},`, '', "Thank you for your message. We'll get back to you soon.", '', 'What you sent us:', p.message].join('\n'),
      },
    ];
    const staff = await admissionsStaff(ctx);
    if (staff.length) {
      messages.push({
        to: staff,
        replyTo: mailbox(p.name, p.email),
        subject: `New quick-contact message: ${headerText(p.name)}`,
        text: [
          `${p.name} sent a message on ${formatZonedDateTime(event.metadata.occurredAt, ctx.config.ACADEMY_TIME_ZONE)}.`,
          '',
          `Email: ${p.email}`,
          `Message: ${p.message}`,
          '',
          'Reply to this mail to answer them. The message is also under Prospective (quick contacts) in your dashboard:',
          ...prospectiveLinks(ctx),
          '',
          'You receive this because you handle admissions. Turn it off under Settings, notification preferences.',
        ].join('\n'),
      });
    }
    return messages;
  },
};
