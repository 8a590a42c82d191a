import { Link } from 'react-router-dom';
import { UserPlus } from 'lucide-react';
import { USER_ADMIN_MESSAGES, updateStudentRequestSchema, type StudentSummary, type UpdateStudentRequest } from '@academy/contracts';
import { DataTable, FormField, buttonVariants, type DataColumn } from '@academy/ui';
import { DialogForm, EntityFormDialog, NOT_YET, PageHeader, QueryView, ReissuePassword, useStudentsQuery, useUpdateStudentMutation } from '@academy/web-dashboard';
import { DASHBOARD_PATHS, useCommandForm } from '@academy/web-session';

/** The edit form of one student (spec §2 Students, §5: full name required). What was typed stays on failure. */
function EditStudentForm({ student, onSaved }: { student: StudentSummary; onSaved: () => void }) {
  const updateStudent = useUpdateStudentMutation();
  const defaults: UpdateStudentRequest = { fullName: student.fullName, phone: student.phone, address: student.address };
  const save = useCommandForm(updateStudentRequestSchema, defaults, (values) => updateStudent.mutateAsync({ id: student.id, ...values }), {
    success: USER_ADMIN_MESSAGES.studentUpdated,
    failure: 'Failed to update student',
    onSuccess: onSaved,
  });
  const { form, errors } = save;
  return (
    <DialogForm command={save} submit="Save Changes">
      <FormField label="Full Name" autoComplete="off" required registration={form.register('fullName')} error={errors.fullName} />
      <FormField label="Phone" type="tel" autoComplete="off" placeholder="+27 XX XXX XXXX" registration={form.register('phone')} error={errors.phone} />
      <FormField label="Address" autoComplete="off" registration={form.register('address')} error={errors.address} />
    </DialogForm>
  );
}

/** The form mounts while the dialog is open only: each opening starts from the student as the list shows them. */
function EditStudentDialog({ student }: { student: StudentSummary }) {
  return (
    <EntityFormDialog noun="Student" editing={student.fullName || student.email} description={student.email}>
      {(close) => <EditStudentForm student={student} onSaved={close} />}
    </EntityFormDialog>
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
