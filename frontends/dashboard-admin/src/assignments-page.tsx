import { Trash2, UserCheck } from 'lucide-react';
import { CATALOG_MESSAGES, assignTeacherRequestSchema, type Subject, type TeacherAssignment, type UserSummary } from '@academy/contracts';
import { DataTable, FormSelectField, Spinner, type DataColumn } from '@academy/ui';
import { DialogForm, FormDialog, IconLabelButton, PageHeader, destructiveOpener, QueryView, formatDate, useAssignTeacherMutation, useRemoveAssignmentMutation, useSubjectsQuery, useTeacherAssignmentsQuery, useUsersQuery } from '@academy/web-dashboard';
import { useCommand, useCommandForm } from '@academy/web-session';

/** What the subject list of the assign dialog has: the subjects, or why there are none. */
export type SubjectsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; subjects: readonly Subject[] };

/** The assign form: a teacher (GET /users, role teacher) and a subject. */
export function AssignTeacherForm({ teachers, subjects, onDone }: { teachers: readonly UserSummary[]; subjects: SubjectsState; onDone: () => void }) {
  const assign = useAssignTeacherMutation();
  const save = useCommandForm(assignTeacherRequestSchema, { teacherId: '', subjectId: '' }, assign.mutateAsync, { success: CATALOG_MESSAGES.teacherAssigned, failure: 'Failed to assign teacher', onSuccess: onDone });
  const { form, errors } = save;
  if (subjects.status === 'loading') return <Spinner className="py-6" label="Loading subjects…" />;
  if (subjects.status === 'error') return <p role="alert" className="text-sm text-destructive">{CATALOG_MESSAGES.errorLoadingSubjects}</p>;
  if (subjects.subjects.length === 0) return <p className="text-sm text-muted-foreground">{CATALOG_MESSAGES.noSubjects}</p>;
  const teacherOptions = [{ value: '', label: teachers.length ? 'Select a teacher' : 'No teachers yet' }, ...teachers.map((t) => ({ value: t.id, label: `${t.fullName || t.email} (${t.email})` }))];
  const subjectOptions = [{ value: '', label: 'Select a subject' }, ...subjects.subjects.map((s) => ({ value: s.id, label: `${s.name} — ${s.programName}` }))];
  return (
    <DialogForm command={save} submit="Assign">
      <FormSelectField label="Teacher" required options={teacherOptions} registration={form.register('teacherId')} error={errors.teacherId} />
      <FormSelectField label="Subject" required options={subjectOptions} registration={form.register('subjectId')} error={errors.subjectId} />
    </DialogForm>
  );
}

/** The form with its teachers, read when the dialog opens. */
function AssignTeacherBody({ subjects, onDone }: { subjects: ReturnType<typeof useSubjectsQuery>; onDone: () => void }) {
  const users = useUsersQuery();
  const teachers = users.data?.users.filter((u) => u.role === 'teacher') ?? [];
  const state: SubjectsState = subjects.isError ? { status: 'error' } : subjects.isPending || users.isPending ? { status: 'loading' } : { status: 'ready', subjects: subjects.data.subjects };
  return <AssignTeacherForm teachers={teachers} subjects={state} onDone={onDone} />;
}

function AssignTeacherDialog() {
  const subjects = useSubjectsQuery();
  return (
    <FormDialog
      opener={{ icon: UserCheck, label: 'Assign Teacher' }}
      description="The teacher sees the subject in My Subjects and manages its weekly content."
    >
      {(close) => <AssignTeacherBody subjects={subjects} onDone={close} />}
    </FormDialog>
  );
}

function RemoveAssignment({ assignment }: { assignment: TeacherAssignment }) {
  const remove = useRemoveAssignmentMutation();
  const command = useCommand(remove.mutateAsync, { success: CATALOG_MESSAGES.assignmentRemoved, failure: 'Failed to remove assignment' });
  const opener = destructiveOpener(Trash2, command.busy ? 'Removing...' : 'Remove', `Remove ${assignment.teacherEmail} from ${assignment.subjectName}`);
  return <IconLabelButton {...opener} disabled={command.busy} onClick={() => void command.run(assignment.id)} />;
}

const ASSIGNMENT_COLUMNS: DataColumn<TeacherAssignment>[] = [
  { id: 'teacher', header: 'Teacher', cell: (a) => a.teacherName, sortValue: (a) => a.teacherName, className: 'font-medium', hideOnCard: true },
  { id: 'email', header: 'Email', cell: (a) => a.teacherEmail, sortValue: (a) => a.teacherEmail },
  { id: 'subject', header: 'Subject', cell: (a) => a.subjectName, sortValue: (a) => a.subjectName },
  { id: 'program', header: 'Program', cell: (a) => a.programName, sortValue: (a) => a.programName },
  { id: 'assigned', header: 'Assigned', cell: (a) => <time dateTime={a.assignedAt}>{formatDate(a.assignedAt)}</time>, sortValue: (a) => a.assignedAt, className: 'whitespace-nowrap' },
];

export function AssignmentsTable({ assignments }: { assignments: TeacherAssignment[] }) {
  return (
    <DataTable
      label="Teacher assignments"
      columns={ASSIGNMENT_COLUMNS}
      data={assignments}
      getRowId={(a) => a.id}
      rowTitle={(a) => a.teacherName}
      rowAttributes={(a) => ({ 'data-assignment-id': a.id })}
      actions={(a) => <RemoveAssignment assignment={a} />}
      empty="No teacher is assigned yet."
    />
  );
}

/** /dashboard/admin/assignments: which teacher teaches which subject; assign and remove. */
export function AssignmentsPage() {
  const assignments = useTeacherAssignmentsQuery();
  return (
    <>
      <PageHeader title="Teacher Assignments" description="Assign teachers to subjects, newest first." actions={<AssignTeacherDialog />} />
      <QueryView query={assignments} pending="Loading assignments…" error="The assignments could not be loaded.">
        {(data) => <AssignmentsTable assignments={data.assignments} />}
      </QueryView>
    </>
  );
}
