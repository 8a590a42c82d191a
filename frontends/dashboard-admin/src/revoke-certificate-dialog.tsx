import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { CERTIFICATE_MESSAGES, revokeCertificateRequestSchema, type Certificate } from '@academy/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormTextareaField, toast } from '@academy/ui';
import { useRevokeCertificateMutation } from '@academy/web-dashboard';
import { applyServerFieldErrors, errorMessage } from '@academy/web-session';

const FIELDS = ['reason'] as const;

/** The reason (required, at most 500 characters, checked as the API checks it); what was typed stays on failure. */
export function RevokeCertificateForm({ certificate, onDone }: { certificate: Certificate; onDone: () => void }) {
  const revoke = useRevokeCertificateMutation();
  const form = useForm({ resolver: zodResolver(revokeCertificateRequestSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const answer = await revoke.mutateAsync({ enrollmentId: certificate.enrollmentId, body });
      toast.success(answer.message || CERTIFICATE_MESSAGES.revoked);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, FIELDS, form.setError)) toast.error(errorMessage(error, 'Failed to revoke the certificate'));
    }
  });
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormTextareaField label="Reason" required registration={form.register('reason')} error={errors.reason} hint="Kept in the audit log; not shown on the public page." />
      <DialogFooter>
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          {isSubmitting ? 'Revoking...' : 'Revoke'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Admin Enrollments: a completed enrollment's certificate, valid or revoked (with the reason), and the Revoke action. */
export function CertificateCell({ certificate, code }: { certificate: Certificate | undefined; code: string }) {
  const [open, setOpen] = useState(false);
  if (!certificate) return <span className="text-muted-foreground">—</span>;
  if (certificate.revokedAt)
    return (
      <span className="text-sm text-destructive" title={certificate.revokedReason ?? undefined}>
        Revoked
      </span>
    );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <div className="flex items-center gap-2">
        <span className="text-sm">Issued</span>
        <Button size="sm" variant="outline" aria-label={`Revoke certificate of ${code}`} onClick={() => setOpen(true)}>
          <Ban aria-hidden="true" />
          Revoke
        </Button>
      </div>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{CERTIFICATE_MESSAGES.revoke}</DialogTitle>
          <DialogDescription>
            {certificate.studentName ?? 'Erased holder'} · {certificate.programName}. The public verification page will say it has been revoked.
          </DialogDescription>
        </DialogHeader>
        <RevokeCertificateForm certificate={certificate} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
