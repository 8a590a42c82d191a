import { useId, useState } from 'react';
import { ChevronDown, MessageSquare } from 'lucide-react';
import { CONVERSATION_MESSAGES, replyRequestSchema, type Reply } from '@academy/contracts';
import { Button, FormTextareaField, Spinner } from '@academy/ui';
import { useCommandForm } from '@academy/web-session';
import { useRepliesQuery, useReplyMutation } from '../api/conversations';
import { DialogForm } from '../form-dialog';
import { formatDateTime } from '../format';

// The conversation on a submission (issue 30 §3, ADR 0042), under the feedback: the student and the
// teachers of the subject reply in order. The same thread in the teacher's grading dialog (read when
// the dialog opens) and the student's read-only views (read when "Conversation" is opened): never
// one request per submission of a page.

const ROLE_LABELS: Record<Reply['authorRole'], string> = { student: 'Student', teacher: 'Teacher' };

/** "Teacher · Grace Hopper": who wrote a reply (an account deleted since has no name). */
export const replyAuthor = (reply: Pick<Reply, 'authorRole' | 'authorName'>) => `${ROLE_LABELS[reply.authorRole]} · ${reply.authorName ?? 'a deleted account'}`;

function Replies({ replies }: { replies: readonly Reply[] }) {
  if (replies.length === 0) return <p className="text-sm text-muted-foreground">{CONVERSATION_MESSAGES.noReplies}</p>;
  return (
    <ol className="grid gap-2" aria-label="Replies">
      {replies.map((reply) => (
        <li key={reply.id} className="grid gap-0.5 rounded-md border bg-background p-2 text-sm" data-testid="reply" data-author-role={reply.authorRole}>
          <p className="text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{replyAuthor(reply)}</span>
            {', '}
            <time dateTime={reply.sentAt}>{formatDateTime(reply.sentAt)}</time>
          </p>
          <p className="whitespace-pre-line break-words">{reply.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The reply box: the API's own rule (the shared text rule) inline; what was typed stays on a refusal, a sent reply empties it. */
export function ReplyForm({ submissionId }: { submissionId: string }) {
  const reply = useReplyMutation();
  const send = useCommandForm(replyRequestSchema, { text: '' }, ({ text }) => reply.mutateAsync({ submissionId, text }), {
    success: CONVERSATION_MESSAGES.sent,
    failure: 'Failed to send the reply',
    onSuccess: (): void => send.form.reset({ text: '' }),
  });
  return (
    <DialogForm command={send} submit="Send Reply" busyLabel="Sending...">
      <FormTextareaField label="Your reply" rows={3} registration={send.form.register('text')} error={send.errors.text} />
    </DialogForm>
  );
}

/** The thread of `submissionId`, read while `enabled`; `canReply` false for a reader (an admin) who may not answer. */
export function ConversationThread({ submissionId, enabled = true, canReply = true }: { submissionId: string; enabled?: boolean; canReply?: boolean }) {
  const thread = useRepliesQuery(submissionId, enabled);
  return (
    <div className="grid gap-3" data-testid="conversation">
      {thread.isPending ? (
        <Spinner className="py-2" label="Loading the conversation…" />
      ) : thread.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The conversation could not be loaded.
        </p>
      ) : (
        <Replies replies={thread.data.replies} />
      )}
      {canReply && <ReplyForm submissionId={submissionId} />}
    </div>
  );
}

/** "Conversation", closed at first: the thread is read when it is opened (a page lists many submissions). */
export function ConversationDisclosure({ submissionId, defaultOpen = false }: { submissionId: string; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <div className="grid gap-2">
      <div>
        <Button type="button" variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <MessageSquare aria-hidden="true" />
          Conversation
          <ChevronDown aria-hidden="true" className={open ? 'rotate-180' : undefined} />
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && <ConversationThread submissionId={submissionId} />}
      </div>
    </div>
  );
}
