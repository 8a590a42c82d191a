import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { GraduationCap, ShieldCheck, Trash2, UserPlus, Users } from 'lucide-react';
import { ASSIGNABLE_ROLES, ROLE_LABELS, USER_ADMIN_MESSAGES, type Role, type UserSummary } from '@academy/contracts';
import { DataTable, Label, NativeSelect, Switch, buttonVariants, type DataColumn } from '@academy/ui';
import { ConfirmDialog, PageHeader, destructiveOpener, QueryView, ReissuePassword, StatCard, formatDate, useAssignRoleMutation, useDeleteUserMutation, usePersonalDataAccessQuery, useSetPersonalDataAccessMutation, useUsersQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS, errorMessage, useCommand, useSession } from '@academy/web-session';

const isAssignable = (role: Role): role is (typeof ASSIGNABLE_ROLES)[number] => (ASSIGNABLE_ROLES as readonly string[]).includes(role);
const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The role selector of a row (spec §5: student, teacher, admin); the admin's own row cannot change. */
function RoleSelect({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  const assignRole = useAssignRoleMutation();
  // While the change is on its way the selector shows the chosen role; afterwards the list's.
  const [chosen, setChosen] = useState<Role | null>(null);
  const assign = useCommand(assignRole.mutateAsync, { success: USER_ADMIN_MESSAGES.roleAssigned, failure: 'Failed to assign role' });
  async function change(role: (typeof ASSIGNABLE_ROLES)[number]) {
    setChosen(role);
    await assign.run({ id: user.id, role });
    setChosen(null);
  }
  const value = chosen ?? user.role;
  return (
    <NativeSelect
      aria-label={`Role of ${user.email}`}
      className="h-8 w-40"
      value={value}
      disabled={isSelf || assign.busy}
      title={isSelf ? 'You cannot change your own role.' : undefined}
      options={isAssignable(value) ? ROLE_OPTIONS : [{ value, label: ROLE_LABELS[value], disabled: true }, ...ROLE_OPTIONS]}
      onChange={(e) => void change(e.target.value as (typeof ASSIGNABLE_ROLES)[number])}
    />
  );
}

/**
 * An auditor's access to personal data (issue 16): off by default (names, emails and other personal
 * fields are masked in the audit views); an admin turns it on for an audit that needs them. Each
 * change is an event in the log the auditors themselves read.
 */
function PersonalDataAccess({ user }: { user: UserSummary }) {
  const access = usePersonalDataAccessQuery(user.id);
  const change = useSetPersonalDataAccessMutation();
  const set = useCommand(change.mutateAsync, { failure: 'Failed to change access to personal data' });
  const id = `personal-data-${user.id}`;
  if (access.isError) return <span className="text-xs text-destructive">{errorMessage(access.error, 'Access could not be loaded')}</span>;
  const granted = change.isPending ? change.variables.granted : (access.data?.granted ?? false);
  return (
    <span className="inline-flex items-center gap-2 align-middle">
      <Switch
        id={id}
        checked={granted}
        disabled={access.isPending || change.isPending}
        onCheckedChange={(next) => void set.run({ auditorId: user.id, granted: next })}
      />
      <Label htmlFor={id} className="text-xs font-normal">
        Personal data<span className="sr-only"> of {user.email}</span>
      </Label>
    </span>
  );
}

/** Delete with a confirmation that says what is lost (spec §2 Users); a refusal keeps the dialog open. */
function DeleteUser({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  const deleteUser = useDeleteUserMutation();
  const remove = useCommand(deleteUser.mutateAsync, { success: USER_ADMIN_MESSAGES.userDeleted, failure: USER_ADMIN_MESSAGES.deleteFailed });
  return (
    <ConfirmDialog
      trigger={{ ...destructiveOpener(Trash2, 'Delete', `Delete ${user.email}`), disabled: isSelf, title: isSelf ? 'You cannot delete your own account.' : undefined }}
      title="Delete this user?"
      description={
        <>
          {user.fullName || user.email} ({user.email}) will be deleted. This action is irreversible: it also removes the user&apos;s enrollments and submissions.
        </>
      }
      confirmLabel="Delete User"
      busyLabel="Deleting..."
      destructive
      onConfirm={() => remove.run(user.id)}
    />
  );
}

function userColumns(selfId: string | undefined): DataColumn<UserSummary>[] {
  return [
    {
      id: 'email',
      header: 'Email',
      cell: (user) => (
        <>
          {user.email}
          {user.id === selfId && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
        </>
      ),
      sortValue: (user) => user.email,
      className: 'font-medium',
      hideOnCard: true,
    },
    { id: 'name', header: 'Full Name', cell: (user) => user.fullName, sortValue: (user) => user.fullName },
    { id: 'role', header: 'Role', cell: (user) => ROLE_LABELS[user.role], sortValue: (user) => ROLE_LABELS[user.role] },
    { id: 'joined', header: 'Joined', cell: (user) => <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>, sortValue: (user) => user.createdAt, className: 'whitespace-nowrap' },
    { id: 'change-role', header: 'Change Role', cell: (user) => <RoleSelect user={user} isSelf={user.id === selfId} /> },
  ];
}

function UsersTable({ users, selfId }: { users: UserSummary[]; selfId: string | undefined }) {
  const columns = useMemo(() => userColumns(selfId), [selfId]);
  return (
    <DataTable
      label="Users"
      columns={columns}
      data={users}
      getRowId={(user) => user.id}
      rowTitle={(user) => (user.id === selfId ? `${user.email} (you)` : user.email)}
      rowAttributes={(user) => ({ 'data-user-id': user.id })}
      actions={(user) => {
        const isSelf = user.id === selfId;
        return (
          <>
            {user.role === 'auditor' && <PersonalDataAccess user={user} />}
            <ReissuePassword person={user} disabled={isSelf} title={isSelf ? USER_ADMIN_MESSAGES.cannotReissueOwnPassword : undefined} />
            <DeleteUser user={user} isSelf={isSelf} />
          </>
        );
      }}
      empty="No users yet."
    />
  );
}

/** /dashboard/admin/users: counts, every account, role changes and deletion. */
export function UsersPage() {
  const { user } = useSession();
  const users = useUsersQuery();
  return (
    <>
      <PageHeader
        title="Users"
        description="Every account with its role. Change a role or delete a user."
        actions={
          <Link to={`${DASHBOARD_PATHS.admin}/create-user`} className={buttonVariants()}>
            <UserPlus aria-hidden="true" />
            Create User
          </Link>
        }
      />
      <QueryView query={users} pending="Loading users…" error="The users could not be loaded.">
        {(data) => (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <StatCard title="Total Users" value={data.counts.total} icon={Users} />
              <StatCard title="Admins" value={data.counts.admins} icon={ShieldCheck} />
              <StatCard title="Teachers" value={data.counts.teachers} icon={GraduationCap} />
            </div>
            <UsersTable users={data.users} selfId={user?.id} />
          </>
        )}
      </QueryView>
    </>
  );
}
