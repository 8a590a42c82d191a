import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, UserPlus } from 'lucide-react';
import { USER_ADMIN_MESSAGES, updateStudentRequestSchema, type StudentSummary, type UpdateStudentRequest } from '@academy/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  ErrorPanel,
  FormField,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  buttonVariants,
  toast,
} from '@academy/ui';
import { NOT_YET, PageHeader, ReissuePassword, useStudentsQuery, useUpdateStudentMutation } from '@academy/web-dashboard';
import { DASHBOARD_PATHS, applyServerFieldErrors, errorMessage } from '@academy/web-session';

const FIELDS = ['fullName', 'phone', 'address'] as const;

/** The edit form of one student (spec §2 Students, §5: full name required). What was typed stays on failure. */
function EditStudentForm({ student, onSaved }: { student: StudentSummary; onSaved: () => void }) {
  const updateStudent = useUpdateStudentMutation();
  const form = useForm({
    resolver: zodResolver(updateStudentRequestSchema),
    defaultValues: { fullName: student.fullName, phone: student.phone, address: student.address } satisfies UpdateStudentRequest,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await updateStudent.mutateAsync({ id: student.id, ...values });
      toast.success(answer.message || USER_ADMIN_MESSAGES.studentUpdated);
      onSaved();
    } catch (error) {
      if (!applyServerFieldErrors(error, FIELDS, form.setError)) toast.error(errorMessage(error, 'Failed to update student'));
    }
  });
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField label="Full Name" autoComplete="off" required registration={form.register('fullName')} error={errors.fullName} />
      <FormField label="Phone" type="tel" autoComplete="off" placeholder="+27 XX XXX XXXX" registration={form.register('phone')} error={errors.phone} />
      <FormField label="Address" autoComplete="off" registration={form.register('address')} error={errors.address} />
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function EditStudentDialog({ student }: { student: StudentSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Edit ${student.fullName || student.email}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Student</DialogTitle>
          <DialogDescription>{student.email}</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: each opening starts from the student as the list shows them. */}
        {open && <EditStudentForm student={student} onSaved={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

const orDash = (value: string) => value.trim() || NOT_YET;

/** /dashboard/student-admin/students: every student; edit name, phone and address. */
export function StudentsPage() {
  const students = useStudentsQuery();
  let body;
  if (students.isPending) body = <Spinner className="py-10" label="Loading students…" />;
  else if (students.isError)
    body = <ErrorPanel title="The students could not be loaded." message={errorMessage(students.error, 'Please try again.')} onRetry={() => void students.refetch()} />;
  else if (students.data.students.length === 0) body = <p className="rounded-md border p-6 text-center text-muted-foreground">No students yet.</p>;
  else
    body = (
      <Table aria-label="Students">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Phone</TableHead>
            <TableHead>Address</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {students.data.students.map((student) => (
            <TableRow key={student.id} data-student-id={student.id}>
              <TableCell className="font-medium">{orDash(student.fullName)}</TableCell>
              <TableCell>{student.email}</TableCell>
              <TableCell className="whitespace-nowrap">{orDash(student.phone)}</TableCell>
              <TableCell>{orDash(student.address)}</TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <ReissuePassword person={student} />
                <EditStudentDialog student={student} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  return (
    <>
      <PageHeader
        title="Students"
        description="Every student account. Edit a student's name, phone and address."
        actions={
          <Link to={`${DASHBOARD_PATHS.student_admin}/create`} className={buttonVariants()}>
            <UserPlus aria-hidden="true" />
            Create Account
          </Link>
        }
      />
      {body}
    </>
  );
}
