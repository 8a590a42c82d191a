// The conversation on a submission (stream `conversation-<submissionId>`, issue 30 §3): replies under
// the feedback, in order (the stream's version). Plain TS. A stream of its own, not events on the work
// stream: a grade's If-Match is the work stream's version, and a reply while a teacher grades must not
// turn their grade into a conflict (as with pins and extensions, ADR 0039, 0041).
import type { Decider, LoadedEventOf, PersonalData } from '@academy/event-store';
import { GRADING_EVENTS, type SubmissionRepliedData, type WorkKind } from '@academy/contracts';

export const conversationStream = (submissionId: string) => `conversation-${submissionId}`;

export type ConversationEvent = { type: typeof GRADING_EVENTS.SubmissionReplied; data: SubmissionRepliedData; personal?: PersonalData };

/** How many replies the thread has (the next one follows them). */
export type ConversationState = { replies: number };

/** The submission replied to, as the command read it (who may reply was checked before). */
export interface RepliedSubmission {
  submissionId: string;
  studentId: string;
  itemId: string;
  kind: WorkKind;
  subjectId: string;
  title?: string;
  teacherIds: string[];
}

export type ConversationCommand = { type: 'Reply'; submission: RepliedSubmission; authorId: string; authorRole: 'student' | 'teacher'; text: string };

export function decideConversation(command: ConversationCommand): ConversationEvent[] {
  const { submission: s } = command;
  const data: SubmissionRepliedData = { submissionId: s.submissionId, studentId: s.studentId, itemId: s.itemId, kind: s.kind, subjectId: s.subjectId, authorId: command.authorId, authorRole: command.authorRole, teacherIds: s.teacherIds };
  if (s.title !== undefined) data.title = s.title;
  // The text under the student's key whoever wrote it: erasing the student shreds the thread.
  return [{ type: GRADING_EVENTS.SubmissionReplied, data, personal: { subjectId: s.studentId, data: { text: command.text } } }];
}

export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  initialState: () => ({ replies: 0 }),
  evolve: (state: ConversationState, _event: LoadedEventOf<ConversationEvent>) => ({ replies: state.replies + 1 }),
  decide: (command) => decideConversation(command),
};
