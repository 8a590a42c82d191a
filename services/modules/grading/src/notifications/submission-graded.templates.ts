// The graded student is told (issue 6 §10): a mail, unless they turned `submissionGraded` off, and an
// in-app notice in their bell, always. A grade set back to pending tells nothing. Feedback lives in the
// event's encrypted part: once the student is erased the templates write nothing personal.
import type { InAppTemplates, MailTemplates } from '@academy/backend';
import { GRADE_STATUS_LABELS, GRADING_EVENTS, GRADING_MESSAGES, type SubmissionGradedData, type SubmissionGradedPersonal, WORK_KIND_LABELS } from '@academy/contracts';

export const GRADES_LINK = '/dashboard/student/grades';

/** 'Task "Forms": Passed, Score: 88/100' */
export function gradeSummary(d: SubmissionGradedData): string {
  const what = d.title ? `${WORK_KIND_LABELS[d.kind]} "${d.title}"` : WORK_KIND_LABELS[d.kind];
  return `${what}: ${GRADE_STATUS_LABELS[d.status]}${d.score === null ? '' : `, ${GRADING_MESSAGES.score(d.score)}`}`;
}

export const gradingMailTemplates: MailTemplates = {
  [GRADING_EVENTS.SubmissionGraded]: async (event, ctx) => {
    const d = event.data as SubmissionGradedData;
    if (d.status === 'pending' || event.erased) return null;
    const student = await ctx.directory.byId(d.studentId);
    if (!student || !student.preferences.submissionGraded) return null;
    const feedback = (event.personal?.data as Partial<SubmissionGradedPersonal> | undefined)?.feedback ?? '';
    const name = student.fullName ?? student.email;
    return {
      to: `${name.replace(/[<>"]/g, '')} <${student.email}>`,
      subject: GRADING_MESSAGES.gradedMailSubject(d.title ?? WORK_KIND_LABELS[d.kind]),
      text: [
        `Hello ${name},`,
        '',
        `Your submission was graded. ${gradeSummary(d)}.`,
        ...(feedback ? ['', 'Feedback:', feedback] : []),
        '',
        `See all your grades: ${new URL(GRADES_LINK, ctx.config.PUBLIC_URL).toString()}`,
        '',
        'You can turn these mails off in your notification settings.',
      ].join('\n'),
    };
  },
};

export const gradingInAppTemplates: InAppTemplates = {
  [GRADING_EVENTS.SubmissionGraded]: (event) => {
    const d = event.data as SubmissionGradedData;
    if (d.status === 'pending') return [];
    return [{ userId: d.studentId, title: GRADING_MESSAGES.gradedNoticeTitle, body: gradeSummary(d), link: GRADES_LINK }];
  },
};
