// Who is told what (issue 6 §10, ARCHITECTURE.md §7). The graded student: a mail, unless they turned
// `submissionGraded` off, and an in-app notice, always (a grade set back to pending tells nothing).
// The teachers assigned to the subject when a student submits: a mail unless they turned
// `newSubmissions` off, and an in-app notice. Notes and feedback live in the events' encrypted parts:
// once the student is erased the templates write nothing personal. The student is also told of an
// extension granted to them (extension.templates.ts), and each side of a reply on a submission (reply.templates.ts).
import { type InAppTemplates, mailbox, type MailTemplate, type MailTemplates, type Recipient, type RecipientDirectory } from '@academy/backend';
import type { StoredEvent } from '@academy/event-store';
import { extensionInAppTemplates, extensionMailTemplates } from './extension.templates.js';
import { replyInAppTemplates, replyMailTemplates } from './reply.templates.js';
import { GRADE_STATUS_LABELS, GRADING_EVENTS, GRADING_MESSAGES, type SubmissionGradedData, SubmissionGradedV1, WORK_KIND_LABELS, WorkSubmittedV1 } from '@academy/contracts';

export const GRADES_LINK = '/dashboard/student/grades';
export const SUBMISSIONS_LINK = '/dashboard/teacher/submissions';


/** How a notice names a student who has been erased (deleted). */
export const ERASED_STUDENT = 'An erased student';

/**
 * 'Ada Student submitted Task "Forms" (attempt 2, late)'; the student's name only while they are not
 * erased (the directory forgets a deleted user), and the wording once they are (ADR 0014).
 */
async function submittedSummary(e: StoredEvent, directory: RecipientDirectory): Promise<{ text: string; erased: string }> {
  const d = WorkSubmittedV1.parse(e);
  const student = await directory.byId(d.studentId);
  const what = d.title ? `${WORK_KIND_LABELS[d.kind]} "${d.title}"` : WORK_KIND_LABELS[d.kind];
  const extra = [d.attempt > 1 ? `attempt ${d.attempt}` : '', d.late ? 'late' : ''].filter(Boolean).join(', ');
  const says = (who: string) => `${who} submitted ${what}${extra ? ` (${extra})` : ''}`;
  return { text: says(student?.fullName ?? student?.email ?? ERASED_STUDENT), erased: says(ERASED_STUDENT) };
}

/** 'Task "Forms": Passed, Score: 88/100' */
export function gradeSummary(d: SubmissionGradedData): string {
  const what = d.title ? `${WORK_KIND_LABELS[d.kind]} "${d.title}"` : WORK_KIND_LABELS[d.kind];
  return `${what}: ${GRADE_STATUS_LABELS[d.status]}${d.score === null ? '' : `, ${GRADING_MESSAGES.score(d.score)}`}`;
}

/**
 * An app path as a link for a mail. PUBLIC_URL is optional outside production (npm start sets it);
 * without it the path alone is better than a job that fails on every retry.
 */
export function appLink(path: string, publicUrl: string | undefined): string {
  return publicUrl ? new URL(path, publicUrl).toString() : path;
}

/** Each assigned teacher who keeps `newSubmissions` on gets one mail. */
const mailTeachersOfSubmission: MailTemplate = async (event, ctx) => {
  const d = WorkSubmittedV1.parse(event);
  const teachers = (await Promise.all((d.teacherIds ?? []).map((id) => ctx.directory.byId(id)))).filter((t): t is Recipient => t !== null && t.preferences.newSubmissions);
  if (!teachers.length) return null;
  const summary = (await submittedSummary(event, ctx.directory)).text;
  const link = appLink(SUBMISSIONS_LINK, ctx.config.PUBLIC_URL);
  return teachers.map((t) => ({
    to: mailbox(t.fullName ?? t.email, t.email),
    subject: GRADING_MESSAGES.submittedMailSubject(d.title ?? WORK_KIND_LABELS[d.kind]),
    text: [`Hello ${t.fullName ?? t.email},`, '', `${summary}.`, '', `Review it: ${link}`, '', 'You can turn these mails off in your notification settings.'].join('\n'),
  }));
};

export const gradingMailTemplates: MailTemplates = {
  ...extensionMailTemplates,
  ...replyMailTemplates,
  [GRADING_EVENTS.WorkSubmitted]: mailTeachersOfSubmission,
  [GRADING_EVENTS.SubmissionGraded]: async (event, ctx) => {
    const d = SubmissionGradedV1.parse(event);
    if (d.status === 'pending' || event.erased) return null;
    const student = await ctx.directory.byId(d.studentId);
    if (!student || !student.preferences.submissionGraded) return null;
    const feedback = SubmissionGradedV1.personal(event)?.feedback ?? '';
    const name = student.fullName ?? student.email;
    return {
      to: mailbox(name, student.email),
      subject: GRADING_MESSAGES.gradedMailSubject(d.title ?? WORK_KIND_LABELS[d.kind]),
      text: [
        `Hello ${name},`,
        '',
        `Your submission was graded. ${gradeSummary(d)}.`,
        ...(feedback ? ['', 'Feedback:', feedback] : []),
        '',
        `See all your grades: ${appLink(GRADES_LINK, ctx.config.PUBLIC_URL)}`,
        '',
        'You can turn these mails off in your notification settings.',
      ].join('\n'),
    };
  },
};

export const gradingInAppTemplates: InAppTemplates = {
  ...extensionInAppTemplates,
  ...replyInAppTemplates,
  [GRADING_EVENTS.WorkSubmitted]: async (event, { directory }) => {
    const d = WorkSubmittedV1.parse(event);
    if (!d.teacherIds?.length) return [];
    const summary = await submittedSummary(event, directory);
    // About the student (their data subject is their user id): their deletion rewrites it to `erased`.
    const about = { subjectId: d.studentId, erasedBody: summary.erased };
    return d.teacherIds.map((userId) => ({ userId, title: GRADING_MESSAGES.submittedNoticeTitle, body: summary.text, link: SUBMISSIONS_LINK, about }));
  },
  [GRADING_EVENTS.SubmissionGraded]: (event) => {
    const d = SubmissionGradedV1.parse(event);
    if (d.status === 'pending') return [];
    return [{ userId: d.studentId, title: GRADING_MESSAGES.gradedNoticeTitle, body: gradeSummary(d), link: GRADES_LINK }];
  },
};
