import { ADMISSIONS_MESSAGES, HONEYPOT_FIELD, type QuickContactRequest, quickContactRequestSchema } from '@academy/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, FormTextareaField, SubmitButton } from '@academy/ui';
import { QUICK_CONTACT } from './landing-content';
import { HoneypotField } from './honeypot-field';
import { LimitedNotice, usePublicForm } from './public-form';

const EMPTY: QuickContactRequest = { name: '', email: '', message: '', [HONEYPOT_FIELD]: '' };

/** Spec §2 Quick Contact dialog (§5 fields, §8 texts): closes on success, keeps what was typed on failure. */
export default function QuickContactDialog({ onClose }: { onClose: () => void }) {
  const { form, errors, onSubmit, busy, limited } = usePublicForm(quickContactRequestSchema, EMPTY, {
    path: '/api/public/quick-contacts',
    fields: ['name', 'email', 'message'],
    sent: { title: ADMISSIONS_MESSAGES.quickContactSentTitle, description: ADMISSIONS_MESSAGES.quickContactSentDescription },
    failedDescription: ADMISSIONS_MESSAGES.quickContactFailedDescription,
    onSent: onClose,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{QUICK_CONTACT.title}</DialogTitle>
          <DialogDescription>{QUICK_CONTACT.description}</DialogDescription>
        </DialogHeader>
        <form className="relative grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField label="Name" autoComplete="name" required registration={form.register('name')} error={errors.name} />
          <FormField label="Email" type="email" autoComplete="email" required registration={form.register('email')} error={errors.email} />
          <FormTextareaField label="Message" rows={4} required registration={form.register('message')} error={errors.message} />
          <HoneypotField registration={form.register(HONEYPOT_FIELD)} />
          <SubmitButton busy={busy} busyLabel={ADMISSIONS_MESSAGES.sending}>{QUICK_CONTACT.send}</SubmitButton>
          <LimitedNotice limited={limited} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
