import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { GRADING_MESSAGES, submitWorkRequestSchema, type WorkKind } from '@academy/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, FormTextareaField, toast } from '@academy/ui';
import { useSubmitWorkMutation } from '@academy/web-dashboard';
import { applyServerFieldErrors, errorMessage } from '@academy/web-session';

const FIELDS = ['githubUrl', 'notes'] as const;

/** The button and dialog title of an item: 'Submit Task' / 'Submit Capstone' (spec §2), 'Resubmit …' for a new attempt. */
export const submitLabel = (kind: WorkKind, again: boolean) => `${again ? 'Resubmit' : 'Submit'} ${kind === 'task' ? 'Task' : 'Capstone'}`;

/**
 * GitHub Repository URL (required, an https://github.com/<owner>/<repo> address) and optional notes
 * (spec §2, §5 Submission). The API checks the same schema; what was typed stays on any failure.
 */
export function SubmitForm({ kind, itemId, onDone }: { kind: WorkKind; itemId: string; onDone: () => void }) {
  const submit = useSubmitWorkMutation();
  const form = useForm({ resolver: zodResolver(submitWorkRequestSchema), defaultValues: { kind, itemId, githubUrl: '', notes: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await submit.mutateAsync(values);
      toast.success(answer.message || GRADING_MESSAGES.submitted);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, FIELDS, form.setError)) toast.error(errorMessage(error, 'Failed to submit'));
    }
  });
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
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
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit'}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function SubmitDialog({ kind, itemId, title, again = false }: { kind: WorkKind; itemId: string; title: string; again?: boolean }) {
  const [open, setOpen] = useState(false);
  const label = submitLabel(kind, again);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant={again ? 'outline' : 'default'} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {label}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{title}</DialogDescription>
        </DialogHeader>
        <SubmitForm kind={kind} itemId={itemId} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
