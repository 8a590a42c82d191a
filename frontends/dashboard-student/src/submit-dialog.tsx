import { Send } from 'lucide-react';
import { GRADING_MESSAGES, submitWorkRequestSchema, type WorkKind } from '@academy/contracts';
import { FormField, FormTextareaField } from '@academy/ui';
import { DialogForm, FormDialog, useSubmitWorkMutation } from '@academy/web-dashboard';
import { useCommandForm } from '@academy/web-session';
import { LateWarning } from './deadline';

/** The fields shown; the item the work is for is in the form too, not typed. */
const FIELDS = ['githubUrl', 'notes'] as const;

/** The button and dialog title of an item: 'Submit Task' / 'Submit Capstone' (spec §2), 'Resubmit …' for a new attempt. */
export const submitLabel = (kind: WorkKind, again: boolean) => `${again ? 'Resubmit' : 'Submit'} ${kind === 'task' ? 'Task' : 'Capstone'}`;

/**
 * GitHub Repository URL (required, an https://github.com/<owner>/<repo> address) and optional notes
 * (spec §2, §5 Submission). The API checks the same schema; what was typed stays on any failure.
 */
export function SubmitForm({ kind, itemId, onDone, lateSince = null }: { kind: WorkKind; itemId: string; onDone: () => void; lateSince?: string | null }) {
  const submit = useSubmitWorkMutation();
  const send = useCommandForm(submitWorkRequestSchema, { kind, itemId, githubUrl: '', notes: '' }, submit.mutateAsync, { success: GRADING_MESSAGES.submitted, failure: 'Failed to submit', fields: FIELDS, onSuccess: onDone });
  const { form, errors } = send;
  return (
    <DialogForm command={send} submit="Submit" busyLabel="Submitting...">
      {lateSince && <LateWarning dueAt={lateSince} />}
      <FormField
        label="GitHub Repository URL"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://github.com/your-name/your-repo"
        required
        registration={form.register('githubUrl')}
        error={errors.githubUrl}
      />
      <FormTextareaField label="Notes" hint="Optional" registration={form.register('notes')} error={errors.notes} />
    </DialogForm>
  );
}

/** `lateSince`: the student's due date when it has passed (the item takes late work): the dialog says the submission will be marked late. */
export function SubmitDialog({ kind, itemId, title, again = false, lateSince = null }: { kind: WorkKind; itemId: string; title: string; again?: boolean; lateSince?: string | null }) {
  const label = submitLabel(kind, again);
  return (
    <FormDialog opener={{ icon: Send, label, size: 'sm', variant: again ? 'outline' : 'default' }} description={title}>
      {(close) => <SubmitForm kind={kind} itemId={itemId} onDone={close} lateSince={lateSince} />}
    </FormDialog>
  );
}
