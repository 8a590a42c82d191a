import { useId, useState } from 'react';
import { Ban, PhoneCall, Trash2, UserPlus } from 'lucide-react';
import { ADMISSIONS_MESSAGES, ROLE_LABELS, USER_ADMIN_MESSAGES, type Prospect, type ProspectKind } from '@academy/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, Input, Label, toast } from '@academy/ui';
import { errorMessage, useCommand } from '@academy/web-session';
import { ConfirmDialog } from '../confirm-dialog';
import { destructiveOpener } from '../form-dialog';
import { useConvertProspectMutation, useDeclineProspectMutation, useEraseProspectMutation, useMarkContactedMutation, useRefreshAdmissions } from './api';
import { prospectActions } from './prospect-filters';

// The actions of a row of the Prospective page. A refusal (409: someone else changed the prospect)
// is toasted, and the lists are read again so the row shows where the prospect now stands.

const noun = (kind: ProspectKind) => (kind === 'application' ? 'application' : 'message');

/** A pipeline step's feedback: its toasts, and after a refusal the lists read again. */
function useStepCommand<A>(step: (prospect: Prospect) => Promise<A>, success: string, failure: string) {
  const refresh = useRefreshAdmissions();
  return useCommand(step, { success, failure, onError: () => void refresh() });
}

function MarkContacted({ prospect }: { prospect: Prospect }) {
  const command = useStepCommand(useMarkContactedMutation().mutateAsync, ADMISSIONS_MESSAGES.markedContacted, 'Failed to update the application');
  return (
    <Button variant="outline" size="sm" onClick={() => void command.run(prospect)} disabled={command.busy} aria-label={`Mark ${prospect.name} as contacted`}>
      <PhoneCall aria-hidden="true" />
      {command.busy ? 'Saving...' : 'Mark contacted'}
    </Button>
  );
}

/** Decline, after a confirmation that says it closes the prospect for good; a refusal closes it and rereads the lists. */
function Decline({ prospect }: { prospect: Prospect }) {
  const command = useStepCommand(useDeclineProspectMutation().mutateAsync, ADMISSIONS_MESSAGES.declined, 'Failed to decline the application');
  const what = noun(prospect.kind);
  return (
    <ConfirmDialog
      trigger={destructiveOpener(Ban, 'Decline', `Decline ${prospect.name}`)}
      title={<>Decline this {what}?</>}
      description={
        <>
          The {what} of {prospect.name} ({prospect.email}) will be marked as declined.
          {prospect.kind === 'application' && ' A declined applicant can no longer be converted to a student.'} This cannot be undone.
        </>
      }
      confirmLabel="Decline"
      busyLabel="Saving..."
      destructive
      onConfirm={async () => void (await command.run(prospect))}
    />
  );
}

/**
 * 'Erase applicant' (POPIA/GDPR right to erasure), in every status, after a confirmation that says what
 * goes: the person's data is destroyed for good and the row leaves the list (the answer comes once
 * it has, so the list read afterwards no longer holds it).
 */
function EraseApplicant({ prospect }: { prospect: Prospect }) {
  const command = useStepCommand(useEraseProspectMutation().mutateAsync, ADMISSIONS_MESSAGES.erased, 'Failed to erase the applicant');
  const what = noun(prospect.kind);
  return (
    <ConfirmDialog
      trigger={destructiveOpener(Trash2, 'Erase applicant', `Erase ${prospect.name || 'this applicant'}`)}
      title="Erase this applicant?"
      description={
        <>
          The personal data of {prospect.name || 'this applicant'} ({prospect.email}) in this {what} (name, email, phone and message) will be permanently erased, as the
          right to erasure (POPIA/GDPR) requires, and the {what} leaves this list. This cannot be undone.
        </>
      }
      confirmLabel="Erase applicant"
      busyLabel="Erasing..."
      destructive
      // A refusal closes the dialog too, and rereads the lists (the applicant may be gone already).
      onConfirm={async () => void (await command.run(prospect))}
    />
  );
}

/** A read-only field of the convert dialog: what the account is made from, as the application gave it. */
function ReadOnlyField({ label, value, type = 'text' }: { label: string; value: string; type?: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} value={value} readOnly className="bg-muted/40" />
    </div>
  );
}

/** When a convert answered 202 (still under way), the list is read again after this long. */
const PENDING_REFRESH_MS = 5_000;

/**
 * 'Convert to student': the account is created from the application itself (convertProspectRequestSchema
 * carries no fields), so the dialog shows the pre-filled details read-only and asks for confirmation.
 * A refusal (409: already converted or declined, the email has an account, changed meanwhile) stays
 * in the dialog next to a toast; the list is read again once the dialog is closed.
 */
function ConvertToStudent({ prospect }: { prospect: Prospect }) {
  const convert = useConvertProspectMutation();
  const refresh = useRefreshAdmissions();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const command = useCommand(convert.mutateAsync, {
    // 202 is not a success yet: stored, and the worker is still making the account (an info toast below).
    success: (answer) => ('prospect' in answer ? answer.message || USER_ADMIN_MESSAGES.accountCreated('student') : null),
    failure: USER_ADMIN_MESSAGES.createFailed,
    onSuccess: (answer) => {
      if (!('prospect' in answer)) {
        toast.info(answer.message ?? ADMISSIONS_MESSAGES.conversionPending);
        // Read the list again once the worker has likely made the account.
        setTimeout(() => void refresh(), PENDING_REFRESH_MS);
      }
      setOpen(false);
    },
    onError: (error) => setRefusal(errorMessage(error, USER_ADMIN_MESSAGES.createFailed)),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (command.busy) return;
        setOpen(next);
        if (next) setRefusal(null);
        // Closed after a refusal: now show the row as it stands (it may lose this very button).
        else if (refusal) void refresh();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" aria-label={`Convert ${prospect.name} to student`}>
          <UserPlus aria-hidden="true" />
          Convert to student
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Convert to student</DialogTitle>
          <DialogDescription>A student account is created from this application. The new student receives their sign-in details by email and completes their profile at the first sign-in.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <ReadOnlyField label="Full Name" value={`${prospect.firstName} ${prospect.lastName}`.trim() || prospect.name} />
          <ReadOnlyField label="Email" type="email" value={prospect.email} />
          <ReadOnlyField label="Phone" type="tel" value={prospect.phone} />
          <ReadOnlyField label="Role" value={ROLE_LABELS.student} />
          {refusal && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {refusal}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button
            onClick={() => {
              setRefusal(null);
              void command.run(prospect);
            }}
            disabled={command.busy}
          >
            {command.busy ? 'Creating account...' : 'Create Account'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The pipeline's steps while they apply; erasure in every status (a closed row says why it has no steps). */
export function ProspectRowActions({ prospect }: { prospect: Prospect }) {
  const can = prospectActions(prospect);
  const closed = !can.markContacted && !can.decline && !can.convert;
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {closed && <span className="text-xs text-muted-foreground">{prospect.status === 'converted' ? 'Student account created' : 'Closed'}</span>}
      {can.convert && <ConvertToStudent prospect={prospect} />}
      {can.markContacted && <MarkContacted prospect={prospect} />}
      {can.decline && <Decline prospect={prospect} />}
      <EraseApplicant prospect={prospect} />
    </div>
  );
}
