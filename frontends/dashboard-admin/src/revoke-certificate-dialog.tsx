import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { CERTIFICATE_MESSAGES, revokeCertificateRequestSchema, type Certificate, type RevokeCertificateRequest } from '@academy/contracts';
import { DialogFooter, FormTextareaField, SubmitButton } from '@academy/ui';
import { FormDialog, useRevokeCertificateMutation } from '@academy/web-dashboard';
import { useCommand } from '@academy/web-session';

/** The reason (required, at most 500 characters, checked as the API checks it); what was typed stays on failure. */
export function RevokeCertificateForm({ certificate, onDone }: { certificate: Certificate; onDone: () => void }) {
  const revoke = useRevokeCertificateMutation();
  const form = useForm({ resolver: zodResolver(revokeCertificateRequestSchema), defaultValues: { reason: '' } });
  const save = useCommand((body: RevokeCertificateRequest) => revoke.mutateAsync({ enrollmentId: certificate.enrollmentId, body }), {
    success: CERTIFICATE_MESSAGES.revoked,
    failure: 'Failed to revoke the certificate',
    form,
    onSuccess: onDone,
  });
  const { errors } = form.formState;
  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save.run)} noValidate>
      <FormTextareaField label="Reason" required registration={form.register('reason')} error={errors.reason} hint="Kept in the audit log; not shown on the public page." />
      <DialogFooter>
        <SubmitButton variant="destructive" busy={save.busy} busyLabel="Revoking...">Revoke</SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** Admin Enrollments: a completed enrollment's certificate, valid or revoked (with the reason), and the Revoke action. */
export function CertificateCell({ certificate, code }: { certificate: Certificate | undefined; code: string }) {
  if (!certificate) return <span className="text-muted-foreground">—</span>;
  if (certificate.revokedAt)
    return (
      <span className="text-sm text-destructive" title={certificate.revokedReason ?? undefined}>
        Revoked
      </span>
    );
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm">Issued</span>
      <FormDialog
        opener={{ icon: Ban, label: 'Revoke', size: 'sm', variant: 'outline', 'aria-label': `Revoke certificate of ${code}` }}
        title={CERTIFICATE_MESSAGES.revoke}
        description={`${certificate.studentName ?? 'Erased holder'} · ${certificate.programName}. The public verification page will say it has been revoked.`}
      >
        {(close) => <RevokeCertificateForm certificate={certificate} onDone={close} />}
      </FormDialog>
    </div>
  );
}
