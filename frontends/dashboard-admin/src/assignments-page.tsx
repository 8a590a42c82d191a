import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, UserCheck } from 'lucide-react';
import { CATALOG_MESSAGES, assignTeacherRequestSchema, type Subject, type TeacherAssignment, type UserSummary } from '@academy/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DataTable,
  FormSelectField,
  Spinner,
  toast,
  type DataColumn,
} from '@academy/ui';
import { PageHeader, QueryView, formatDate, useAssignTeacherMutation, useRemoveAssignmentMutation, useSubjectsQuery, useTeacherAssignmentsQuery, useUsersQuery } from '@academy/web-dashboard';
import { applyServerFieldErrors, errorMessage } from '@academy/web-session';

const FIELDS = ['teacherId', 'subjectId'] as const;

/** What the subject list of the assign dialog has: the subjects, or why there are none. */
export type SubjectsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; subjects: readonly Subject[] };

/** The assign form: a teacher (GET /users, role teacher) and a subject. */
export function AssignTeacherForm({ teachers, subjects, onDone }: { teachers: readonly UserSummary[]; subjects: SubjectsState; onDone: () => void }) {
  const assign = useAssignTeacherMutation();
  const form = useForm({ resolver: zodResolver(assignTeacherRequestSchema), defaultValues: { teacherId: '', subjectId: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await assign.mutateAsync(values);
      toast.success(answer.message || CATALOG_MESSAGES.teacherAssigned);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, FIELDS, form.setError)) toast.error(errorMessage(error, 'Failed to assign teacher'));
    }
  });
  if (subjects.status === 'loading') return <Spinner className="py-6" label="Loading subjects…" />;
  if (subjects.status === 'error') return <p role="alert" className="text-sm text-destructive">{CATALOG_MESSAGES.errorLoadingSubjects}</p>;
  if (subjects.subjects.length === 0) return <p className="text-sm text-muted-foreground">{CATALOG_MESSAGES.noSubjects}</p>;
  const teacherOptions = [{ value: '', label: teachers.length ? 'Select a teacher' : 'No teachers yet' }, ...teachers.map((t) => ({ value: t.id, label: `${t.fullName || t.email} (${t.email})` }))];
  const subjectOptions = [{ value: '', label: 'Select a subject' }, ...subjects.subjects.map((s) => ({ value: s.id, label: `${s.name} — ${s.programName}` }))];
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormSelectField label="Teacher" required options={teacherOptions} registration={form.register('teacherId')} error={errors.teacherId} />
      <FormSelectField label="Subject" required options={subjectOptions} registration={form.register('subjectId')} error={errors.subjectId} />
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Assign'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function AssignTeacherDialog() {
  const [open, setOpen] = useState(false);
  const users = useUsersQuery({ enabled: open });
  const subjects = useSubjectsQuery();
  const teachers = users.data?.users.filter((u) => u.role === 'teacher') ?? [];
  const state: SubjectsState = subjects.isError ? { status: 'error' } : subjects.isPending || users.isPending ? { status: 'loading' } : { status: 'ready', subjects: subjects.data.subjects };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <UserCheck aria-hidden="true" />
        Assign Teacher
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign Teacher</DialogTitle>
          <DialogDescription>The teacher sees the subject in My Subjects and manages its weekly content.</DialogDescription>
        </DialogHeader>
        <AssignTeacherForm teachers={teachers} subjects={state} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RemoveAssignment({ assignment }: { assignment: TeacherAssignment }) {
  const remove = useRemoveAssignmentMutation();
  async function run() {
    try {
      const answer = await remove.mutateAsync(assignment.id);
      toast.success(answer.message || CATALOG_MESSAGES.assignmentRemoved);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove assignment'));
    }
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-destructive hover:text-destructive"
      aria-label={`Remove ${assignment.teacherEmail} from ${assignment.subjectName}`}
      disabled={remove.isPending}
      onClick={() => void run()}
    >
      <Trash2 aria-hidden="true" />
      {remove.isPending ? 'Removing...' : 'Remove'}
    </Button>
  );
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
