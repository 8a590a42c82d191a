import { useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      const answer = await onConfirm();
      toast.success(answer.message || successFallback);
    } catch (error) {
      toast.error(errorMessage(error, failureFallback));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={label}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Deleting...' : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The table's empty state. */
export function EmptyTable({ children }: { children: ReactNode }) {
  return <p className="rounded-md border p-6 text-center text-muted-foreground">{children}</p>;
}
