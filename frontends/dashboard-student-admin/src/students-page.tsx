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
  DataTable,
  FormField,
  buttonVariants,
  toast,
  type DataColumn,
} from '@academy/ui';
import { NOT_YET, PageHeader, QueryView, ReissuePassword, useStudentsQuery, useUpdateStudentMutation } from '@academy/web-dashboard';
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

const STUDENT_COLUMNS: DataColumn<StudentSummary>[] = [
  { id: 'name', header: 'Name', cell: (s) => orDash(s.fullName), sortValue: (s) => s.fullName.trim() || null, className: 'font-medium', hideOnCard: true },
  { id: 'email', header: 'Email', cell: (s) => s.email, sortValue: (s) => s.email },
  { id: 'phone', header: 'Phone', cell: (s) => orDash(s.phone), className: 'whitespace-nowrap' },
  { id: 'address', header: 'Address', cell: (s) => orDash(s.address) },
];

/** /dashboard/student-admin/students: every student; edit name, phone and address. */
export function StudentsPage() {
  const students = useStudentsQuery();
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
      <QueryView query={students} pending="Loading students…" error="The students could not be loaded.">
        {(data) => (
          <DataTable
            label="Students"
            columns={STUDENT_COLUMNS}
            data={data.students}
            getRowId={(student) => student.id}
            rowTitle={(student) => orDash(student.fullName)}
            rowAttributes={(student) => ({ 'data-student-id': student.id })}
            actions={(student) => (
              <>
                <ReissuePassword person={student} />
                <EditStudentDialog student={student} />
              </>
            )}
            empty="No students yet."
          />
        )}
      </QueryView>
    </>
  );
}
