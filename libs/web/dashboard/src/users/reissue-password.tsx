import { KeyRound } from 'lucide-react';
import { USER_ADMIN_MESSAGES } from '@academy/contracts';
import { useReissuePasswordMutation } from '../api/user-admin';
import { useCommand } from '@academy/web-session';
import { ConfirmDialog } from '../confirm-dialog';

/**
 * "Re-issue password" (admin Users, student-admin Students): mails the person a new temporary
 * password, e.g. when the first one expired (it works for 7 days). Confirmed first: their current
 * password stops working and every session of theirs ends.
 */
export function ReissuePassword({ person, disabled = false, title }: { person: { id: string; email: string; fullName: string }; disabled?: boolean; title?: string }) {
  const reissue = useReissuePasswordMutation();
  const send = useCommand(reissue.mutateAsync, { success: USER_ADMIN_MESSAGES.passwordReissued, failure: USER_ADMIN_MESSAGES.reissueFailed });
  return (
    <ConfirmDialog
      trigger={{ icon: KeyRound, label: 'Re-issue password', variant: 'ghost', size: 'sm', 'aria-label': `Re-issue password of ${person.email}`, disabled, title }}
      title="Re-issue password?"
      description={
        <>
          A new temporary password will be emailed to {person.fullName || person.email} ({person.email}). It works for 7 days. Their current password stops working and they are
          signed out everywhere.
        </>
      }
      confirmLabel="Send New Password"
      busyLabel="Sending..."
      // A refusal keeps the dialog open.
      onConfirm={() => send.run(person.id)}
    />
  );
}
