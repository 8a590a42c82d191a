import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { USER_ADMIN_MESSAGES } from '@academy/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  toast,
} from '@academy/ui';
import { errorMessage } from '@academy/web-session';
import { useReissuePasswordMutation } from '../api/user-admin';

/**
 * "Re-issue password" (admin Users, student-admin Students): mails the person a new temporary
 * password, e.g. when the first one expired (it works for 7 days). Confirmed first: their current
 * password stops working and every session of theirs ends.
 */
export function ReissuePassword({ person, disabled = false, title }: { person: { id: string; email: string; fullName: string }; disabled?: boolean; title?: string }) {
  const reissue = useReissuePasswordMutation();
  const [open, setOpen] = useState(false);
  async function confirm() {
    try {
      const answer = await reissue.mutateAsync(person.id);
      toast.success(answer.message || USER_ADMIN_MESSAGES.passwordReissued);
      setOpen(false);
    } catch (error) {
      toast.error(errorMessage(error, USER_ADMIN_MESSAGES.reissueFailed));
    }
  }
  return (
    <AlertDialog open={open} onOpenChange={(next) => !reissue.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Re-issue password of ${person.email}`} disabled={disabled} title={title}>
          <KeyRound aria-hidden="true" />
          Re-issue password
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Re-issue password?</AlertDialogTitle>
          <AlertDialogDescription>
            A new temporary password will be emailed to {person.fullName || person.email} ({person.email}). It works for 7 days. Their current password stops working and they are
            signed out everywhere.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={reissue.isPending}>Cancel</AlertDialogCancel>
          <Button onClick={() => void confirm()} disabled={reissue.isPending}>
            {reissue.isPending ? 'Sending...' : 'Send New Password'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
