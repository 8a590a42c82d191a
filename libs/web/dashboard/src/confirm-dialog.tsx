import { useState, type ReactNode } from 'react';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle, AlertDialogTrigger, Button, DialogFooter, DialogHeader } from '@academy/ui';
import { IconLabelButton, type DialogOpener } from './form-dialog';

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: DialogOpener;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while `onConfirm` runs, e.g. 'Deleting...'. */
  busyLabel: string;
  destructive?: boolean;
  /**
   * The action; the dialog cannot be closed while it runs. It closes afterwards unless this
   * resolves to false (e.g. a refusal the user may want to try again).
   */
  onConfirm: () => Promise<boolean | void>;
}

/** An action that asks first, saying what it does; used by every confirm-before-acting button of the dashboards. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, busyLabel, destructive = false, onConfirm }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    let close: boolean | void = true;
    try {
      close = await onConfirm();
    } finally {
      setBusy(false);
      if (close !== false) setOpen(false);
    }
  }
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <IconLabelButton {...trigger} />
      </AlertDialogTrigger>
      <AlertDialogContent>
        <DialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </DialogHeader>
        <DialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button variant={destructive ? 'destructive' : undefined} onClick={() => void confirm()} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
