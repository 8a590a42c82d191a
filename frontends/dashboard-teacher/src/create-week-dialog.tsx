import { Plus } from 'lucide-react';
import { LEARNING_MESSAGES, MAX_WEEK, MIN_WEEK, createWeekRequestSchema, type Subject } from '@academy/contracts';
import { FormField, FormSelectField, FormTextareaField } from '@academy/ui';
import { DialogForm, FormDialog, useCreateWeekMutation } from '@academy/web-dashboard';
import { useCommandForm } from '@academy/web-session';

// The week number has no default value (an empty number field): named here so that its server message has a place.
const FIELDS = ['subjectId', 'weekNumber', 'title', 'objectives'] as const;

/**
 * Subject, week number (1–20), title and learning objectives (spec §2, §5 Week creation). The new week
 * is a draft. What was typed stays when the API refuses (e.g. the week number is taken).
 */
export function CreateWeekForm({ subjects, subjectId, onDone }: { subjects: readonly Subject[]; subjectId: string | null; onDone: () => void }) {
  const create = useCreateWeekMutation();
  const defaults = { subjectId: subjectId ?? (subjects.length === 1 ? subjects[0].id : ''), title: '', objectives: '' };
  const save = useCommandForm(createWeekRequestSchema, defaults, create.mutateAsync, { success: LEARNING_MESSAGES.weekCreated, failure: 'Failed to create week', fields: FIELDS, onSuccess: onDone });
  const { form, errors } = save;
  const options = [{ value: '', label: subjects.length ? 'Select a subject' : 'No subjects assigned' }, ...subjects.map((s) => ({ value: s.id, label: `${s.name} — ${s.programName}` }))];
  return (
    <DialogForm command={save} submit="Create Week">
      <FormSelectField label="Subject" required options={options} registration={form.register('subjectId')} error={errors.subjectId} />
      <FormField
        label="Week Number"
        type="number"
        min={MIN_WEEK}
        max={MAX_WEEK}
        step={1}
        required
        registration={form.register('weekNumber', { valueAsNumber: true })}
        error={errors.weekNumber}
      />
      <FormField label="Title" autoComplete="off" required registration={form.register('title')} error={errors.title} />
      <FormTextareaField label="Learning Objectives" hint="Optional" registration={form.register('objectives')} error={errors.objectives} />
    </DialogForm>
  );
}

export function CreateWeekDialog({ subjects, subjectId }: { subjects: readonly Subject[]; subjectId: string | null }) {
  return (
    <FormDialog
      opener={{ icon: Plus, label: 'Create Week' }}
      description="A new week starts as a draft: students see it once you publish it."
    >
      {(close) => <CreateWeekForm subjects={subjects} subjectId={subjectId} onDone={close} />}
    </FormDialog>
  );
}
