import { CATALOG_MESSAGES, PROGRAM_TYPES, programRequestSchema, type Program, type ProgramRequest } from '@academy/contracts';
import { DataTable, FormField, FormSelectField, FormTextareaField, type DataColumn } from '@academy/ui';
import { DialogForm, EntityFormDialog, PROGRAM_TYPE_LABELS, PageHeader, QueryView, useCreateProgramMutation, useDeleteProgramMutation, useProgramsQuery, useUpdateProgramMutation } from '@academy/web-dashboard';
import { useCommandForm } from '@academy/web-session';
import { ConfirmDelete } from './confirm-delete';

const TYPE_OPTIONS = PROGRAM_TYPES.map((type) => ({ value: type, label: PROGRAM_TYPE_LABELS[type] }));
export const PROGRAM_DEFAULTS: ProgramRequest = { name: '', type: 'evening', description: '' };

/**
 * Add (no `program`) or edit a program. The API schema checks the input first; the API's field
 * messages go under their fields; on any failure what was typed stays.
 */
export function ProgramForm({ program, onDone }: { program?: Program; onDone: () => void }) {
  const create = useCreateProgramMutation();
  const update = useUpdateProgramMutation();
  const defaults = program ? { name: program.name, type: program.type, description: program.description } : PROGRAM_DEFAULTS;
  const save = useCommandForm(programRequestSchema, defaults, (values) => (program ? update.mutateAsync({ id: program.id, ...values }) : create.mutateAsync(values)), {
    success: program ? CATALOG_MESSAGES.programUpdated : CATALOG_MESSAGES.programCreated,
    failure: program ? 'Failed to update program' : 'Failed to create program',
    onSuccess: onDone,
  });
  const { form, errors } = save;
  return (
    <DialogForm command={save} submit="Save">
      <FormField label="Name" autoComplete="off" required registration={form.register('name')} error={errors.name} />
      <FormSelectField label="Type" required options={TYPE_OPTIONS} registration={form.register('type')} error={errors.type} />
      <FormTextareaField label="Description" hint="Optional" registration={form.register('description')} error={errors.description} />
    </DialogForm>
  );
}

function ProgramDialog({ program }: { program?: Program }) {
  return (
    <EntityFormDialog noun="Program" editing={program?.name} description="Every program runs for 20 weeks, in the evening or in the daytime.">
      {(close) => <ProgramForm program={program} onDone={close} />}
    </EntityFormDialog>
  );
}

function DeleteProgram({ program }: { program: Program }) {
  const remove = useDeleteProgramMutation();
  return (
    <ConfirmDelete
      label={`Delete ${program.name}`}
      title="Delete this program?"
      description={`${program.name} will be deleted. This cannot be undone. A program that still has subjects or enrollments cannot be deleted.`}
      confirmLabel="Delete Program"
      onConfirm={() => remove.mutateAsync(program.id)}
      successFallback={CATALOG_MESSAGES.programDeleted}
      failureFallback="Failed to delete program"
    />
  );
}

const PROGRAM_COLUMNS: DataColumn<Program>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortValue: (p) => p.name, className: 'font-medium', hideOnCard: true },
  { id: 'type', header: 'Type', cell: (p) => PROGRAM_TYPE_LABELS[p.type], sortValue: (p) => PROGRAM_TYPE_LABELS[p.type] },
  { id: 'description', header: 'Description', cell: (p) => p.description, className: 'max-w-md whitespace-normal text-muted-foreground' },
  { id: 'subjects', header: 'Subjects', cell: (p) => p.subjectCount, sortValue: (p) => p.subjectCount, className: 'tabular-nums' },
  { id: 'enrollments', header: 'Enrollments', cell: (p) => p.enrollmentCount, sortValue: (p) => p.enrollmentCount, className: 'tabular-nums' },
];

export function ProgramsTable({ programs }: { programs: Program[] }) {
  return (
    <DataTable
      label="Programs"
      columns={PROGRAM_COLUMNS}
      data={programs}
      getRowId={(p) => p.id}
      rowTitle={(p) => p.name}
      rowAttributes={(p) => ({ 'data-program-id': p.id })}
      actions={(program) => (
        <>
          <ProgramDialog program={program} />
          <DeleteProgram program={program} />
        </>
      )}
      empty="No programs yet. Add the first one."
    />
  );
}

/** /dashboard/admin/programs: the academy's programs; add, edit and delete. */
export function ProgramsPage() {
  const programs = useProgramsQuery();
  return (
    <>
      <PageHeader title="Programs" description="The academy's evening and daytime programs of 20 weeks." actions={<ProgramDialog />} />
      <QueryView query={programs} pending="Loading programs…" error="The programs could not be loaded.">
        {(data) => <ProgramsTable programs={data.programs} />}
      </QueryView>
    </>
  );
}
