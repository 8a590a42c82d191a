import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MessageSquareReply } from 'lucide-react';
import { CONVERSATION_MESSAGES } from '@academy/contracts';
import { Badge, Label, Switch } from '@academy/ui';

// Teacher Submissions and the conversation on a submission (issue 30 §3): which rows have a student's
// reply nobody answered yet, and a way to see only those (read by the server: the list is paged there).

/** The marker of a row awaiting the teacher's answer: an icon and words, not a colour alone. */
export function UnansweredMarker() {
  return (
    <Badge variant="secondary" className="mt-1 gap-1" data-testid="unanswered-reply">
      <MessageSquareReply aria-hidden="true" className="size-3.5" />
      {CONVERSATION_MESSAGES.unanswered}
    </Badge>
  );
}

/** Whether the address asks for unanswered replies only (?unanswered=1; the bell's notice of a student's reply links there), and how to change it (replaced, not pushed). */
export function useUnansweredParam(): [boolean, (only: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const choose = (only: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (only) next.set('unanswered', '1');
        else next.delete('unanswered');
        return next;
      },
      { replace: true },
    );
  return [params.get('unanswered') === '1', choose];
}

export function UnansweredFilter({ checked, onChange }: { checked: boolean; onChange: (only: boolean) => void }) {
  const id = useId();
  return (
    <span className="inline-flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id} className="font-normal">
        Only unanswered replies
      </Label>
    </span>
  );
}
