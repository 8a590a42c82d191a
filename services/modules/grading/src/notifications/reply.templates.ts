// The other side told of a reply on a submission (issue 30 §3): a student's reply → the teachers of the
// subject when it was sent (the event's teacherIds), a notice each and a mail to those who keep
// `newSubmissions` on; a teacher's reply → the student, a notice and a mail unless they turned their
// grading mails (`submissionGraded`) off. The mail quotes the reply; once the student is erased (their
// key shredded) nothing personal is written: no mail, and the teachers' notices name no one.
import { type InAppTemplates, mailbox, type MailTemplates, type Recipient } from '@academy/backend';
import { CONVERSATION_MESSAGES, GRADING_EVENTS, type SubmissionRepliedData, SubmissionRepliedV1, WORK_KIND_LABELS } from '@academy/contracts';

/** Where the student reads the thread: My Grades with the submission's conversation open. */
export const studentConversationLink = (submissionId: string) => `/dashboard/student/grades?conversation=${encodeURIComponent(submissionId)}`;
/** Where the teachers see the submissions awaiting their answer (the grading dialog shows the thread). */
export const TEACHER_UNANSWERED_LINK = '/dashboard/teacher/submissions?unanswered=1';
/** How a notice names a student who has been erased (as grading's other notices). */
const ERASED = 'An erased student';

const itemName = (d: SubmissionRepliedData) => (d.title ? `${WORK_KIND_LABELS[d.kind]} "${d.title}"` : WORK_KIND_LABELS[d.kind]);
/** The teachers who hear of a student's reply: the subject's, but not the author. */
const toldOf = (d: SubmissionRepliedData) => (d.authorRole === 'student' ? (d.teacherIds ?? []).filter((id) => id !== d.authorId) : [d.studentId]);

export const replyMailTemplates: MailTemplates = {
  [GRADING_EVENTS.SubmissionReplied]: async (event, ctx) => {
    if (event.erased) return null;
    const d = SubmissionRepliedV1.parse(event);
    const text = SubmissionRepliedV1.personal(event)?.text ?? '';
    const author = await ctx.directory.byId(d.authorId);
    const who = author?.fullName ?? author?.email ?? (d.authorRole === 'student' ? ERASED : 'Your teacher');
    const wants = (r: Recipient) => (d.authorRole === 'student' ? r.preferences.newSubmissions : r.preferences.submissionGraded);
    const recipients = (await Promise.all(toldOf(d).map((id) => ctx.directory.byId(id)))).filter((r): r is Recipient => r !== null && wants(r));
    if (!recipients.length) return null;
    const path = d.authorRole === 'student' ? TEACHER_UNANSWERED_LINK : studentConversationLink(d.submissionId);
    const link = ctx.config.PUBLIC_URL ? new URL(path, ctx.config.PUBLIC_URL).toString() : path;
    return recipients.map((r) => ({
      to: mailbox(r.fullName ?? r.email, r.email),
      subject: CONVERSATION_MESSAGES.repliedMailSubject(d.title ?? WORK_KIND_LABELS[d.kind]),
      text: [`Hello ${r.fullName ?? r.email},`, '', `${CONVERSATION_MESSAGES.repliedNotice(who, itemName(d))}:`, '', text, '', `Answer it: ${link}`, '', 'You can turn these mails off in your notification settings.'].join('\n'),
    }));
  },
};

export const replyInAppTemplates: InAppTemplates = {
  [GRADING_EVENTS.SubmissionReplied]: async (event, { directory }) => {
    const d = SubmissionRepliedV1.parse(event);
    if (d.authorRole === 'teacher') {
      const teacher = await directory.byId(d.authorId);
      return [{ userId: d.studentId, title: CONVERSATION_MESSAGES.repliedNoticeTitle, body: CONVERSATION_MESSAGES.repliedNotice(teacher?.fullName ?? 'Your teacher', itemName(d)), link: studentConversationLink(d.submissionId) }];
    }
    const student = await directory.byId(d.studentId);
    const body = CONVERSATION_MESSAGES.repliedNotice(student?.fullName ?? student?.email ?? ERASED, itemName(d));
    // About the student: their deletion rewrites the notice to the erased wording (ADR 0014).
    const about = { subjectId: d.studentId, erasedBody: CONVERSATION_MESSAGES.repliedNotice(ERASED, itemName(d)) };
    return toldOf(d).map((userId) => ({ userId, title: CONVERSATION_MESSAGES.repliedNoticeTitle, body, link: TEACHER_UNANSWERED_LINK, about }));
  },
};
