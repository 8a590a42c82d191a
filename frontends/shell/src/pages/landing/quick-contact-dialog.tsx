import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMISSIONS_MESSAGES, HONEYPOT_FIELD, type ParsedQuickContactRequest, type QuickContactRequest, quickContactRequestSchema } from '@academy/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, FormTextareaField, SubmitButton } from '@academy/ui';
import { apiFetch, useCommand } from '@academy/web-session';
import { QUICK_CONTACT } from './landing-content';
import { HoneypotField } from './honeypot-field';
import { publicFormFailure, rateLimitMessage } from './public-form-errors';

const EMPTY: QuickContactRequest = { name: '', email: '', message: '', [HONEYPOT_FIELD]: '' };

/** Spec §2 Quick Contact dialog (§5 fields, §8 texts): closes on success, keeps what was typed on failure. */
export default function QuickContactDialog({ onClose }: { onClose: () => void }) {
  const form = useForm<QuickContactRequest, unknown, ParsedQuickContactRequest>({ resolver: zodResolver(quickContactRequestSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const [limited, setLimited] = useState<string | null>(null);
  const send = useCommand((values: ParsedQuickContactRequest) => apiFetch('/api/public/quick-contacts', { body: values }), {
    success: () => ({ title: ADMISSIONS_MESSAGES.quickContactSentTitle, description: ADMISSIONS_MESSAGES.quickContactSentDescription }),
    failure: publicFormFailure(ADMISSIONS_MESSAGES.quickContactFailedDescription),
    form,
    fields: ['name', 'email', 'message'],
    toastFieldErrors: true,
    onSuccess: onClose,
    onError: (error) => setLimited(rateLimitMessage(error)),
  });

  const onSubmit = form.handleSubmit((values) => {
    setLimited(null);
    return send.run(values);
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !send.busy && onClose()}>
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
          <SubmitButton busy={send.busy} busyLabel={ADMISSIONS_MESSAGES.sending}>
            {QUICK_CONTACT.send}
          </SubmitButton>
          {limited && (
            <p role="alert" className="text-sm text-destructive">
              {limited}
            </p>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
