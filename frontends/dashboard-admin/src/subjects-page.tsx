import { CATALOG_MESSAGES, PROGRAM_WEEKS, subjectRequestSchema, type Program, type Subject, type SubjectRequest } from '@academy/contracts';
import { DataTable, FormField, FormSelectField, FormTextareaField, type DataColumn } from '@academy/ui';
import { DialogForm, EntityFormDialog, NOT_YET, PROGRAM_TYPE_LABELS, PageHeader, QueryView, useCreateSubjectMutation, useDeleteSubjectMutation, useProgramsQuery, useSubjectsQuery, useUpdateSubjectMutation } from '@academy/web-dashboard';
import { useCommandForm } from '@academy/web-session';
import { ConfirmDelete } from './confirm-delete';

export const SUBJECT_DEFAULTS: SubjectRequest = { name: '', programId: '', weekNumber: null, description: '' };

/** The week field's text as the request's number: empty is "no week", anything else a number the schema checks. */
export const weekNumberFromInput = (value: unknown): number | null => (value === '' || value === null || value === undefined ? null : Number(value));

/** The program options of the subject form, "Evening" or "Daytime" beside each name. */
export const programOptions = (programs: readonly Program[]) => [
  { value: '', label: 'Select a program' },
  ...programs.map((p) => ({ value: p.id, label: `${p.name} (${PROGRAM_TYPE_LABELS[p.type]})` })),
];

/** Add (no `subject`) or edit a subject of one of `programs`. */
export function SubjectForm({ subject, programs, onDone }: { subject?: Subject; programs: readonly Program[]; onDone: () => void }) {
  const create = useCreateSubjectMutation();
  const update = useUpdateSubjectMutation();
  const defaults = subject ? { name: subject.name, programId: subject.programId, weekNumber: subject.weekNumber, description: subject.description } : SUBJECT_DEFAULTS;
  const save = useCommandForm(subjectRequestSchema, defaults, (values) => (subject ? update.mutateAsync({ id: subject.id, ...values }) : create.mutateAsync(values)), {
    success: subject ? CATALOG_MESSAGES.subjectUpdated : CATALOG_MESSAGES.subjectCreated,
    failure: subject ? 'Failed to update subject' : 'Failed to create subject',
    onSuccess: onDone,
  });
  const { form, errors } = save;
  return (
    <DialogForm command={save} submit="Save">
      <FormField label="Name" autoComplete="off" required registration={form.register('name')} error={errors.name} />
      <FormSelectField label="Program" required options={programOptions(programs)} registration={form.register('programId')} error={errors.programId} />
      <FormField
        label="Week Number"
        type="number"
        inputMode="numeric"
        min={1}
        max={PROGRAM_WEEKS}
        hint={`Optional, 1 to ${PROGRAM_WEEKS}`}
        registration={form.register('weekNumber', { setValueAs: weekNumberFromInput })}
        error={errors.weekNumber}
      />
      <FormTextareaField label="Description" hint="Optional" registration={form.register('description')} error={errors.description} />
    </DialogForm>
  );
}

function SubjectDialog({ subject, programs }: { subject?: Subject; programs: readonly Program[] }) {
  return (
    <EntityFormDialog noun="Subject" editing={subject?.name} description="A subject belongs to one program; its week number is optional.">
      {(close) =>
        programs.length === 0 ? (
          <p className="text-sm text-muted-foreground">No programs yet. Create a program first.</p>
        ) : (
          <SubjectForm subject={subject} programs={programs} onDone={close} />
        )
      }
    </EntityFormDialog>
  );
}

function DeleteSubject({ subject }: { subject: Subject }) {
  const remove = useDeleteSubjectMutation();
  return (
    <ConfirmDelete
      label={`Delete ${subject.name}`}
      title="Delete this subject?"
      description={`${subject.name} (${subject.programName}) will be deleted. This cannot be undone. A subject that still has teacher assignments or enrollments cannot be deleted.`}
      confirmLabel="Delete Subject"
      onConfirm={() => remove.mutateAsync(subject.id)}
      successFallback={CATALOG_MESSAGES.subjectDeleted}
      failureFallback="Failed to delete subject"
    />
  );
}

const SUBJECT_COLUMNS: DataColumn<Subject>[] = [
  { id: 'name', header: 'Name', cell: (s) => s.name, sortValue: (s) => s.name, className: 'font-medium', hideOnCard: true },
  {
    id: 'program',
    header: 'Program',
    cell: (s) => (
      <>
        {s.programName} <span className="rounded-md border px-1.5 py-0.5 text-xs text-muted-foreground">{PROGRAM_TYPE_LABELS[s.programType]}</span>
      </>
    ),
    sortValue: (s) => s.programName,
  },
  { id: 'week', header: 'Week', cell: (s) => s.weekNumber ?? NOT_YET, sortValue: (s) => s.weekNumber, className: 'tabular-nums' },
  { id: 'description', header: 'Description', cell: (s) => s.description, className: 'max-w-md whitespace-normal text-muted-foreground' },
];

export function SubjectsTable({ subjects, programs }: { subjects: Subject[]; programs: readonly Program[] }) {
  return (
    <DataTable
      label="Subjects"
      columns={SUBJECT_COLUMNS}
      data={subjects}
      getRowId={(s) => s.id}
      rowTitle={(s) => s.name}
      rowAttributes={(s) => ({ 'data-subject-id': s.id })}
      actions={(subject) => (
        <>
          <SubjectDialog subject={subject} programs={programs} />
          <DeleteSubject subject={subject} />
        </>
      )}
      empty="No subjects yet. Add the first one."
    />
  );
}

/** /dashboard/admin/subjects: the subjects of every program; add, edit and delete. */
export function SubjectsPage() {
  const subjects = useSubjectsQuery();
  const programs = useProgramsQuery();
  return (
    <>
      <PageHeader
        title="Subjects"
        description="The subjects of each program, with their week."
        actions={programs.data ? <SubjectDialog programs={programs.data.programs} /> : undefined}
      />
      <QueryView queries={[subjects, programs]} pending="Loading subjects…" error="The subjects could not be loaded.">
        {([s, p]) => <SubjectsTable subjects={s.subjects} programs={p.programs} />}
      </QueryView>
    </>
  );
}
