import { useState, type ReactNode } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger, SubmitButton, type ButtonProps } from '@academy/ui';

export interface FormDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The content's classes, e.g. a wider dialog. */
  className?: string;
  /** The form (mounted only while open, so each opening starts afresh); `close` is for after it saved. */
  children: (close: () => void) => ReactNode;
}

/** A dialog that holds one form of the dashboards (add or edit a program, assign a teacher, submit work…). */
export function FormDialog({ trigger, title, description, className, children }: FormDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}

/** A row's Edit button, named for what it edits ("Edit Web Development"). */
export function EditButton({ label, ...props }: { label: string } & ButtonProps) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} {...props}>
      <Pencil aria-hidden="true" />
      Edit
    </Button>
  );
}

export interface EntityFormDialogProps extends Omit<FormDialogProps, 'trigger' | 'title'> {
  /** What the form adds or edits: "Program" makes "Add Program" and "Edit Program". */
  noun: string;
  /** The name of the entity edited (its row's Edit button says "Edit <name>"); absent: the dialog adds one. */
  editing?: string;
}

/** The add or edit dialog of an entity of a list page: "Add <noun>" in the page's header, "Edit" on each row. */
export function EntityFormDialog({ noun, editing, ...dialog }: EntityFormDialogProps) {
  const trigger =
    editing === undefined ? (
      <Button>
        <Plus aria-hidden="true" />
        {`Add ${noun}`}
      </Button>
    ) : (
      <EditButton label={`Edit ${editing}`} />
    );
  return <FormDialog trigger={trigger} title={`${editing === undefined ? 'Add' : 'Edit'} ${noun}`} {...dialog} />;
}

/** The buttons of a form edited in place (a card, a list row): save, or cancel and leave it as it was. */
export function SaveOrCancel({ busy, label, onCancel }: { busy: boolean; label: ReactNode; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      <SubmitButton busy={busy} busyLabel="Saving...">
        {label}
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}
