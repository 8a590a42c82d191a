import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Pencil, Plus, type LucideIcon } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, SubmitButton, type ButtonProps } from '@academy/ui';

/** The button that opens a dialog: its icon and label, and any other prop of a Button (variant, size, aria-label…). */
export type DialogOpener = { icon: LucideIcon; label: string } & Omit<ButtonProps, 'children' | 'onClick'>;

export interface FormDialogProps {
  opener: DialogOpener;
  /** The dialog's title; the opener's label by default. */
  title?: ReactNode;
  description: ReactNode;
  /** The content's classes, e.g. a wider dialog. */
  className?: string;
  /** The form (mounted only while open, so each opening starts afresh); `close` is for after it saved. */
  children: (close: () => void) => ReactNode;
}

/** A dialog that holds one form of the dashboards (add or edit a program, assign a teacher, submit work…). */
export function FormDialog({ opener, title = opener.label, description, className, children }: FormDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <IconLabelButton {...opener} />
      </DialogTrigger>
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

export interface DialogFormProps {
  /** The form's submit handler and whether it is being sent (what useCommandForm gives). */
  command: { onSubmit: FormEventHandler; busy: boolean };
  /** The submit button's text, and its text while the form is sent. */
  submit: ReactNode;
  busyLabel?: string;
  variant?: ButtonProps['variant'];
  /** The fields. */
  children: ReactNode;
}

/** The form of a FormDialog: its fields, then its submit button in the dialog's footer. */
export function DialogForm({ command, submit, busyLabel = 'Saving...', variant, children }: DialogFormProps) {
  return (
    <form className="grid gap-4" onSubmit={command.onSubmit} noValidate>
      {children}
      <DialogFooter>
        <SubmitButton variant={variant} busy={command.busy} busyLabel={busyLabel}>
          {submit}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** A button showing an icon and a label. */
export function IconLabelButton({ icon: Icon, label, ...props }: DialogOpener & Pick<ButtonProps, 'onClick'>) {
  return (
    <Button {...props}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

/** How every row's Edit button looks; `name` is what a screen reader hears (e.g. "Edit Web Development"). */
const editOpener = (name: string): DialogOpener => ({ icon: Pencil, label: 'Edit', variant: 'ghost', size: 'sm', 'aria-label': name });

/** How a row's button that destroys something looks (Delete, Remove, Decline…); `name` is what a screen reader hears. */
export const destructiveOpener = (icon: LucideIcon, label: string, name: string): DialogOpener => ({
  icon,
  label,
  variant: 'ghost',
  size: 'sm',
  className: 'text-destructive hover:text-destructive',
  'aria-label': name,
});

/** A row's Edit button that edits in place (no dialog), e.g. a task of the content editor. */
export function EditButton({ label, ...props }: { label: string } & Pick<ButtonProps, 'onClick' | 'disabled'>) {
  return <IconLabelButton {...editOpener(label)} {...props} />;
}

export interface EntityFormDialogProps extends Omit<FormDialogProps, 'opener' | 'title'> {
  /** What the form adds or edits: "Program" makes "Add Program" and "Edit Program". */
  noun: string;
  /** The name of the entity edited (its row's Edit button says "Edit <name>"); absent: the dialog adds one. */
  editing?: string;
}

/** The add or edit dialog of an entity of a list page: "Add <noun>" in the page's header, "Edit" on each row. */
export function EntityFormDialog({ noun, editing, ...dialog }: EntityFormDialogProps) {
  if (editing === undefined) return <FormDialog opener={{ icon: Plus, label: `Add ${noun}` }} {...dialog} />;
  return <FormDialog opener={editOpener(`Edit ${editing}`)} title={`Edit ${noun}`} {...dialog} />;
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
