// The student told of an extension granted (or replaced) by their teacher (issue 30 §4): a notice in
// the bell, always, and a mail unless they turned their grading mails (`submissionGraded`) off. The
// reason is the student's own (the event's encrypted part): the mail quotes it to them, and says
// nothing once they are erased. The notice carries no date: notices are written without the academy's
// zone, the mail names the date in it (ADR 0023).
import { type InAppTemplates, mailbox, type MailTemplates } from '@academy/backend';
import { EXTENSION_MESSAGES, type ExtensionGrantedData, ExtensionGrantedV1, formatZonedDateTime, GRADING_EVENTS, WORK_KIND_LABELS } from '@academy/contracts';

export const LESSONS_LINK = '/dashboard/student/lessons';

/** 'Task "Forms"' */
const itemName = (d: ExtensionGrantedData) => (d.title ? `${WORK_KIND_LABELS[d.kind]} "${d.title}"` : WORK_KIND_LABELS[d.kind]);

export const extensionMailTemplates: MailTemplates = {
  [GRADING_EVENTS.ExtensionGranted]: async (event, ctx) => {
    if (event.erased) return null;
    const d = ExtensionGrantedV1.parse(event);
    const student = await ctx.directory.byId(d.studentId);
    if (!student || !student.preferences.submissionGraded) return null;
    const reason = ExtensionGrantedV1.personal(event)?.reason ?? '';
    const name = student.fullName ?? student.email;
    const link = ctx.config.PUBLIC_URL ? new URL(LESSONS_LINK, ctx.config.PUBLIC_URL).toString() : LESSONS_LINK;
    return {
      to: mailbox(name, student.email),
      subject: EXTENSION_MESSAGES.grantedMailSubject(d.title ?? WORK_KIND_LABELS[d.kind]),
      text: [
        `Hello ${name},`,
        '',
        EXTENSION_MESSAGES.grantedMail(itemName(d), formatZonedDateTime(d.dueAt, ctx.config.ACADEMY_TIME_ZONE)),
        ...(reason ? ['', `Reason: ${reason}`] : []),
        '',
        `Your lessons: ${link}`,
        '',
        'You can turn these mails off in your notification settings.',
      ].join('\n'),
    };
  },
};

export const extensionInAppTemplates: InAppTemplates = {
  [GRADING_EVENTS.ExtensionGranted]: (event) => {
    const d = ExtensionGrantedV1.parse(event);
    return [{ userId: d.studentId, title: EXTENSION_MESSAGES.grantedNoticeTitle, body: EXTENSION_MESSAGES.grantedNotice(itemName(d)), link: LESSONS_LINK }];
  },
};
