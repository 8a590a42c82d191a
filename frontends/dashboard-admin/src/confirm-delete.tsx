import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog, destructiveOpener } from '@academy/web-dashboard';
import { useCommand } from '@academy/web-session';

export interface ConfirmDeleteProps {
  /** The trigger's accessible name, e.g. "Delete Web Development". */
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Resolves to the server's message; a refusal (e.g. 409 in use) is shown as the server's message. */
  onConfirm: () => Promise<{ message: string }>;
  successFallback: string;
  failureFallback: string;
}

/** A Delete button whose confirmation says what is lost; the dialog closes after the answer either way. */
export function ConfirmDelete({ label, title, description, confirmLabel, onConfirm, successFallback, failureFallback }: ConfirmDeleteProps) {
  const remove = useCommand(onConfirm, { success: successFallback, failure: failureFallback });
  return (
    <ConfirmDialog
      trigger={destructiveOpener(Trash2, 'Delete', label)}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      busyLabel="Deleting..."
      destructive
      onConfirm={async () => void (await remove.run())}
    />
  );
}
