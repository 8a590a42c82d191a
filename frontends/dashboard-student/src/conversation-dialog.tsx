import { useSearchParams } from 'react-router-dom';
import { MessageSquare } from 'lucide-react';
import { WORK_KIND_LABELS, type Submission } from '@academy/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@academy/ui';
import { ConversationThread, IconLabelButton } from '@academy/web-dashboard';

// My Grades' conversation on a submission (issue 30 §3): one dialog for the page, open while the
// address says ?conversation=<submissionId>, so the bell's notice of a teacher's reply opens it.

/** The submission whose conversation the address opens (null: none), and how to open or close one (the address is replaced). */
export function useConversationParam(): [string | null, (submissionId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const choose = (submissionId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (submissionId) next.set('conversation', submissionId);
        else next.delete('conversation');
        return next;
      },
      { replace: true },
    );
  return [params.get('conversation'), choose];
}

/** A row's "Conversation" button. */
export function ConversationButton({ submission, onOpen }: { submission: Pick<Submission, 'id' | 'title'>; onOpen: (id: string) => void }) {
  return <IconLabelButton icon={MessageSquare} label="Conversation" size="sm" variant="outline" aria-label={`Conversation: ${submission.title}`} onClick={() => onOpen(submission.id)} />;
}

/** The thread of `submission` (null: closed), read when it opens. */
export function ConversationDialog({ submission, onClose }: { submission: Pick<Submission, 'id' | 'kind' | 'title'> | null; onClose: () => void }) {
  return (
    <Dialog open={submission !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        {submission && (
          <>
            <DialogHeader>
              <DialogTitle>Conversation</DialogTitle>
              <DialogDescription>{`${WORK_KIND_LABELS[submission.kind]}: ${submission.title}`}</DialogDescription>
            </DialogHeader>
            <ConversationThread key={submission.id} submissionId={submission.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
