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
  ErrorPanel,
  FormSelectField,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@academy/ui';
import { PageHeader, formatDate, useAssignTeacherMutation, useRemoveAssignmentMutation, useSubjectsQuery, useTeacherAssignmentsQuery, useUsersQuery } from '@academy/web-dashboard';
import { applyServerFieldErrors, errorMessage } from '@academy/web-session';
import { EmptyTable } from './confirm-delete';

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

export function AssignmentsTable({ assignments }: { assignments: TeacherAssignment[] }) {
  if (assignments.length === 0) return <EmptyTable>No teacher is assigned yet.</EmptyTable>;
  return (
    <Table aria-label="Teacher assignments">
      <TableHeader>
        <TableRow>
          <TableHead>Teacher</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Program</TableHead>
          <TableHead>Assigned</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {assignments.map((a) => (
          <TableRow key={a.id} data-assignment-id={a.id}>
            <TableCell className="font-medium">{a.teacherName}</TableCell>
            <TableCell>{a.teacherEmail}</TableCell>
            <TableCell>{a.subjectName}</TableCell>
            <TableCell>{a.programName}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={a.assignedAt}>{formatDate(a.assignedAt)}</time>
            </TableCell>
            <TableCell className="text-right">
              <RemoveAssignment assignment={a} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /dashboard/admin/assignments: which teacher teaches which subject; assign and remove. */
export function AssignmentsPage() {
  const assignments = useTeacherAssignmentsQuery();
  let body;
  if (assignments.isPending) body = <Spinner className="py-10" label="Loading assignments…" />;
  else if (assignments.isError)
    body = <ErrorPanel title="The assignments could not be loaded." message={errorMessage(assignments.error, 'Please try again.')} onRetry={() => void assignments.refetch()} />;
  else body = <AssignmentsTable assignments={assignments.data.assignments} />;
  return (
    <>
      <PageHeader title="Teacher Assignments" description="Assign teachers to subjects, newest first." actions={<AssignTeacherDialog />} />
      {body}
    </>
  );
}
