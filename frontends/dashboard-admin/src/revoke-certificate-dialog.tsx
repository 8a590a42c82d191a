import { Ban } from 'lucide-react';
import { CERTIFICATE_MESSAGES, revokeCertificateRequestSchema, type Certificate } from '@academy/contracts';
import { FormTextareaField } from '@academy/ui';
import { DialogForm, FormDialog, useRevokeCertificateMutation } from '@academy/web-dashboard';
import { useCommandForm } from '@academy/web-session';

/** The reason (required, at most 500 characters, checked as the API checks it); what was typed stays on failure. */
export function RevokeCertificateForm({ certificate, onDone }: { certificate: Certificate; onDone: () => void }) {
  const revoke = useRevokeCertificateMutation();
  const save = useCommandForm(revokeCertificateRequestSchema, { reason: '' }, (body) => revoke.mutateAsync({ enrollmentId: certificate.enrollmentId, body }), {
    success: CERTIFICATE_MESSAGES.revoked,
    failure: 'Failed to revoke the certificate',
    onSuccess: onDone,
  });
  return (
    <DialogForm command={save} submit="Revoke" busyLabel="Revoking..." variant="destructive">
      <FormTextareaField label="Reason" required registration={save.form.register('reason')} error={save.errors.reason} hint="Kept in the audit log; not shown on the public page." />
    </DialogForm>
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
