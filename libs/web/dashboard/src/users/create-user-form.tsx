import { CREATABLE_ROLES, ROLE_LABELS, STUDENT_ADMIN_CREATABLE_ROLES, USER_ADMIN_MESSAGES, createUserRequestSchema, type CreateUserRequest } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, FormSelectField, SubmitButton } from '@academy/ui';
import { useCommandForm } from '@academy/web-session';
import { useCreateUserMutation } from '../api/user-admin';
import { PageHeader } from '../page-header';

export const CREATE_USER_DEFAULTS: CreateUserRequest = { fullName: '', email: '', phone: '', role: 'student' };
type CreatableRole = (typeof CREATABLE_ROLES)[number];
const optionsOf = (roles: readonly CreatableRole[]) => roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
/** The roles the admin's form offers (spec §5, §6: never admin; auditor, issue 16), named as everywhere else. */
export const CREATE_USER_ROLE_OPTIONS = optionsOf(CREATABLE_ROLES);
/** The student admin's Create: no auditor (the API refuses it too). */
export const STUDENT_ADMIN_ROLE_OPTIONS = optionsOf(STUDENT_ADMIN_CREATABLE_ROLES);

/**
 * Creates a student, teacher or student admin account (spec §2 Create User / Create). The API
 * mails the credentials. On any failure what was typed stays; the API's field messages go under
 * their fields, any other failure is a toast.
 */
export function CreateUserForm({ roles = CREATE_USER_ROLE_OPTIONS }: { roles?: typeof CREATE_USER_ROLE_OPTIONS }) {
  const createUser = useCreateUserMutation();
  const save = useCommandForm(createUserRequestSchema, CREATE_USER_DEFAULTS, createUser.mutateAsync, { failure: USER_ADMIN_MESSAGES.createFailed, onSuccess: (): void => save.form.reset(CREATE_USER_DEFAULTS) });
  const { form, errors } = save;
  return (
    <form className="grid gap-4" onSubmit={save.onSubmit} noValidate aria-label="Create a user account">
      <FormField label="Full Name" autoComplete="off" required registration={form.register('fullName')} error={errors.fullName} />
      <FormField label="Email" type="email" autoComplete="off" required registration={form.register('email')} error={errors.email} />
      <FormField label="Phone" type="tel" autoComplete="off" placeholder="+27 XX XXX XXXX" hint="Optional" registration={form.register('phone')} error={errors.phone} />
      <FormSelectField label="Role" required options={roles} registration={form.register('role')} error={errors.role} />
      <SubmitButton className="w-full sm:w-fit" busy={save.busy} busyLabel="Creating account...">Create Account</SubmitButton>
    </form>
  );
}

/** The page of the admin's Create User and the student admin's Create: one form for both. */
export function CreateUserPage({ title, roles }: { title: string; roles?: typeof CREATE_USER_ROLE_OPTIONS }) {
  return (
    <>
      <PageHeader title={title} description="Create a student, teacher or student admin account. The new user receives their sign-in details by email." />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>New account</CardTitle>
          <CardDescription>A password is generated and sent with the sign-in link. Students complete their profile at their first sign-in.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateUserForm roles={roles} />
        </CardContent>
      </Card>
    </>
  );
}
