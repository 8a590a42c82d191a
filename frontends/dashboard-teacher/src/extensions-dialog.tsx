import { CalendarClock, Undo2 } from 'lucide-react';
import { z } from 'zod';
import { EXTENSION_MESSAGES, grantExtensionRequestSchema, type ExtensionStudent, type ItemExtensionsResponse } from '@academy/contracts';
import { Button, FormField, FormSelectField, FormTextareaField } from '@academy/ui';
import {
  DialogForm,
  FormDialog,
  QueryView,
  academyZoneLabel,
  formatDateTime,
  formatDueDate,
  fromDueDateInput,
  useGrantExtensionMutation,
  useItemExtensionsQuery,
  useRevokeExtensionMutation,
} from '@academy/web-dashboard';
import { useCommand, useCommandForm } from '@academy/web-session';

// The new due date is entered as a wall time of the academy's zone (as the item's own due date is);
// on submit it becomes the ISO instant the API schema expects. The API judges it against the item's.
const requiredLocalDue = z.string().refine((v) => !Number.isNaN(Date.parse(fromDueDateInput(v) ?? '')), EXTENSION_MESSAGES.dueAtRequired);
export const extensionFormSchema = grantExtensionRequestSchema.omit({ dueAt: true }).extend({ studentId: z.string().min(1, 'Choose a student'), dueAt: requiredLocalDue });

function GrantForm({ itemId, students }: { itemId: string; students: ExtensionStudent[] }) {
  const grant = useGrantExtensionMutation();
  const send = useCommandForm(
    extensionFormSchema,
    { studentId: '', dueAt: '', reason: '' },
    ({ studentId, dueAt, reason }) => grant.mutateAsync({ itemId, studentId, dueAt: fromDueDateInput(dueAt)!, reason }),
    { success: EXTENSION_MESSAGES.granted, failure: 'Failed to grant the extension', fields: ['studentId', 'dueAt', 'reason'] },
  );
  const { form, errors } = send;
  const options = [{ value: '', label: 'Choose a student' }, ...students.map((s) => ({ value: s.studentId, label: `${s.studentName || s.studentEmail} (${s.studentEmail})` }))];
  return (
    <DialogForm command={send} submit="Grant Extension" busyLabel="Saving...">
      <FormSelectField label="Student" required options={options} registration={form.register('studentId')} error={errors.studentId} />
      <FormField label="New Due Date" type="datetime-local" required hint={`In ${academyZoneLabel()}: later than the item's due date. Granting again replaces it.`} registration={form.register('dueAt')} error={errors.dueAt} />
      <FormTextareaField label="Reason" required registration={form.register('reason')} error={errors.reason} />
    </DialogForm>
  );
}

function ExtensionList({ itemId, students }: { itemId: string; students: ExtensionStudent[] }) {
  const revoke = useRevokeExtensionMutation();
  const drop = useCommand((studentId: string) => revoke.mutateAsync({ itemId, studentId }), { success: EXTENSION_MESSAGES.revoked, failure: 'Failed to revoke the extension' });
  const extended = students.filter((s) => s.extension !== null);
  if (extended.length === 0) return <p className="text-sm text-muted-foreground">No student has an extension for this item.</p>;
  return (
    <ul className="grid gap-2" aria-label="Extensions">
      {extended.map(({ studentId, studentName, studentEmail, extension }) => (
        <li key={studentId} className="flex flex-wrap items-start gap-2 rounded-md border p-2 text-sm" data-testid="extension">
          <div className="grid flex-1 gap-0.5">
            <span className="font-medium">{studentName || studentEmail}</span>
            <span>{EXTENSION_MESSAGES.extendedTo(formatDueDate(extension!.dueAt))}</span>
            <span className="whitespace-pre-line text-muted-foreground">{extension!.reason}</span>
            <span className="text-xs text-muted-foreground">{`By ${extension!.grantedByName || 'a teacher'}, ${formatDateTime(extension!.grantedAt)}`}</span>
          </div>
          <Button size="sm" variant="outline" disabled={drop.busy} aria-label={`Revoke the extension of ${studentName || studentEmail}`} onClick={() => void drop.run(studentId)}>
            <Undo2 aria-hidden="true" />
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}

function ExtensionsBody({ data }: { data: ItemExtensionsResponse }) {
  const { item, students } = data;
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {item.dueAt ? `Due ${formatDueDate(item.dueAt)}` : 'No due date'} · {EXTENSION_MESSAGES.latePolicyLabels[item.latePolicy]}
      </p>
      <ExtensionList itemId={item.id} students={students} />
      {students.length === 0 ? <p className="text-sm text-muted-foreground">No student is actively enrolled in this item's program.</p> : <GrantForm itemId={item.id} students={students} />}
    </div>
  );
}

function ExtensionsContent({ itemId }: { itemId: string }) {
  const query = useItemExtensionsQuery(itemId);
  return (
    <QueryView query={query} pending="Loading the extensions…" error="The extensions could not be loaded.">
      {(data) => <ExtensionsBody data={data} />}
    </QueryView>
  );
}

/** An item's Extensions (issue 30 §4): who has a later due date and why; grant, replace or revoke one. */
export function ExtensionsDialog({ itemId, title }: { itemId: string; title: string }) {
  return (
    <FormDialog opener={{ icon: CalendarClock, label: 'Extensions', size: 'sm', variant: 'outline', 'aria-label': `Extensions for ${title}` }} description={title} className="sm:max-w-xl">
      {() => <ExtensionsContent itemId={itemId} />}
    </FormDialog>
  );
}
