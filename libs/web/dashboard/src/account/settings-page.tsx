import { useId, useState } from 'react';
import { MonitorSmartphone } from 'lucide-react';
import { NOTIFICATION_PREFERENCES_BY_ROLE, USER_ADMIN_MESSAGES, changePasswordRequestSchema, type NotificationPreferences, type Role } from '@academy/contracts';
import { Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, FormField, Label, SubmitButton, Switch } from '@academy/ui';
import { useCommand, useCommandForm, useSession } from '@academy/web-session';
import {
  useAccountSessionsQuery,
  useChangePasswordMutation,
  useNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
  useSignOutOthersMutation,
} from '../api/account';
import { describeUserAgent, formatDateTime } from '../format';
import { PageHeader } from '../page-header';
import { QueryView } from '../query-view';

const PASSWORD_DEFAULTS = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** What each notification preference is called on screen. */
export const NOTIFICATION_PREFERENCE_LABELS: Record<keyof NotificationPreferences, { label: string; description: string }> = {
  newApplications: { label: 'New applications', description: 'An email when someone applies from the landing page.' },
  newSubmissions: { label: 'New submissions', description: 'An email when a student submits a task or capstone of your subjects.' },
  submissionGraded: { label: 'Graded submissions', description: 'An email when a teacher grades one of your submissions or gives you more time.' },
  announcements: { label: 'Announcements', description: 'An email when an announcement is posted to you.' },
};

export function ChangePasswordCard() {
  const changePassword = useChangePasswordMutation();
  const save = useCommandForm(changePasswordRequestSchema, PASSWORD_DEFAULTS, changePassword.mutateAsync, {
    success: USER_ADMIN_MESSAGES.passwordChanged,
    failure: 'Failed to change password',
    onSuccess: (): void => save.form.reset(PASSWORD_DEFAULTS),
  });
  const { form, errors } = save;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Change password</h2>
        </CardTitle>
        <CardDescription>Your other signed-in sessions end when the password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-md gap-4" onSubmit={save.onSubmit} noValidate aria-label="Change password">
          <FormField label="Current Password" type="password" autoComplete="current-password" required registration={form.register('currentPassword')} error={errors.currentPassword} />
          <FormField label="New Password" type="password" autoComplete="new-password" required registration={form.register('newPassword')} error={errors.newPassword} />
          <FormField label="Confirm New Password" type="password" autoComplete="new-password" required registration={form.register('confirmPassword')} error={errors.confirmPassword} />
          <SubmitButton className="w-full sm:w-fit" busy={save.busy} busyLabel="Saving...">Change Password</SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}

export function SessionsCard() {
  const sessions = useAccountSessionsQuery();
  const signOutOthers = useSignOutOthersMutation();
  const endOthers = useCommand(signOutOthers.mutateAsync, { failure: 'Failed to sign out of the other sessions' });
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Signed-in sessions</h2>
        </CardTitle>
        <CardDescription>Every browser or device where you are signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={sessions} pending="Loading your sessions…" error="Your sessions could not be loaded." compact>
          {(data) => (
            <ul className="grid gap-2" aria-label="Signed-in sessions">
              {data.sessions.map((s) => (
                <li key={s.id} className="flex items-start gap-3 rounded-md border p-3" data-current={s.current || undefined}>
                  <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <div className="grid gap-0.5 text-sm">
                    <p className="font-medium">
                      {describeUserAgent(s.userAgent)}
                      {s.current && <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">This device</span>}
                    </p>
                    <p className="text-muted-foreground">
                      Signed in {formatDateTime(s.createdAt)} · last active {formatDateTime(s.lastUsedAt)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </CardContent>
      <CardFooter>
        <Button variant="outline" onClick={() => void endOthers.run()} disabled={endOthers.busy || !sessions.isSuccess || others === 0}>
          {endOthers.busy ? 'Signing out...' : 'Sign out of other sessions'}
        </Button>
      </CardFooter>
    </Card>
  );
}

function PreferenceSwitch({ name, checked, onChange }: { name: keyof NotificationPreferences; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  const { label, description } = NOTIFICATION_PREFERENCE_LABELS[name];
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-description`} />
    </div>
  );
}

export function NotificationPreferencesCard({ role }: { role: Role }) {
  const preferences = useNotificationPreferencesQuery();
  const save = useSaveNotificationPreferencesMutation();
  // What the user switched since the last save, over what the API has.
  const [edits, setEdits] = useState<Partial<NotificationPreferences>>({});
  const current = preferences.data ? { ...preferences.data, ...edits } : null;
  const keys = NOTIFICATION_PREFERENCES_BY_ROLE[role];
  const saveAll = useCommand(save.mutateAsync, { success: USER_ADMIN_MESSAGES.preferencesSaved, failure: 'Failed to save notification preferences', onSuccess: () => setEdits({}) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Notification preferences</h2>
        </CardTitle>
        <CardDescription>Which emails the academy sends you.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={preferences} pending="Loading your notification preferences…" error="Your notification preferences could not be loaded." compact>
          {(saved) => (
            <div className="grid gap-2">
              {keys.map((key) => (
                <PreferenceSwitch key={key} name={key} checked={edits[key] ?? saved[key]} onChange={(value) => setEdits((e) => ({ ...e, [key]: value }))} />
              ))}
            </div>
          )}
        </QueryView>
      </CardContent>
      <CardFooter>
        <Button onClick={() => current && void saveAll.run(current)} disabled={!current || saveAll.busy}>
          {saveAll.busy ? 'Saving...' : 'Save preferences'}
        </Button>
      </CardFooter>
    </Card>
  );
}

/** Settings (admin and student admin menus): password, sessions, notification preferences. */
export function SettingsPage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader title="Settings" description="Your password, where you are signed in, and which emails you receive." />
      <div className="grid gap-6 lg:grid-cols-2">
        <ChangePasswordCard />
        <div className="grid content-start gap-6">
          <SessionsCard />
          {user && <NotificationPreferencesCard role={user.role} />}
        </div>
      </div>
    </>
  );
}
