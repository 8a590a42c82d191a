import { Navigate, useNavigate } from 'react-router-dom';
import { completeProfileRequestSchema, PASSWORD_MIN } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Spinner, SubmitButton } from '@academy/ui';
import { DASHBOARD_PATHS, useCommandForm, useSession } from '@academy/web-session';
import { PublicScreen } from '../components/centered-card';

function CompleteProfileForm({ fullName }: { fullName: string }) {
  const { completeProfile } = useSession();
  const navigate = useNavigate();
  const defaults = { fullName, phone: '', address: '', dateOfBirth: '', emergencyContactName: '', emergencyContactPhone: '', password: '', confirmPassword: '' };
  // What the user typed stays: the form is not reset on failure.
  const save = useCommandForm(completeProfileRequestSchema, defaults, completeProfile, {
    success: () => 'Profile completed successfully!',
    failure: 'Failed to complete profile',
    toastFieldErrors: true,
    onSuccess: () => navigate(DASHBOARD_PATHS.student, { replace: true }),
  });
  const { form, errors } = save;
  return (
    <form className="grid gap-4" onSubmit={save.onSubmit} noValidate>
      <FormField label="Full Name" autoComplete="name" required registration={form.register('fullName')} error={errors.fullName} />
      <FormField label="Phone" type="tel" autoComplete="tel" required registration={form.register('phone')} error={errors.phone} />
      <FormField label="Address" autoComplete="street-address" required registration={form.register('address')} error={errors.address} />
      <FormField label="Date of Birth" type="date" autoComplete="bday" required registration={form.register('dateOfBirth')} error={errors.dateOfBirth} />
      <FormField label="Emergency Contact Name" required registration={form.register('emergencyContactName')} error={errors.emergencyContactName} />
      <FormField label="Emergency Contact Phone" type="tel" required registration={form.register('emergencyContactPhone')} error={errors.emergencyContactPhone} />
      <FormField label="New Password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} registration={form.register('password')} error={errors.password} />
      <FormField label="Confirm Password" type="password" autoComplete="new-password" required registration={form.register('confirmPassword')} error={errors.confirmPassword} />
      <SubmitButton className="w-full" busy={save.busy} busyLabel="Saving...">Complete Profile</SubmitButton>
    </form>
  );
}

/** /complete-profile: the first-login form (spec §2, §4). */
export function CompleteProfilePage() {
  const { status, user } = useSession();
  if (status === 'loading') return <Spinner className="min-h-svh" label="Loading your session…" />;
  if (!user) return <Navigate to="/auth" replace />;
  if (user.firstLoginCompleted) return <Navigate to={DASHBOARD_PATHS.student} replace />;
  return (
    <PublicScreen>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Complete Your Profile</h1>
          </CardTitle>
          <CardDescription>Please complete your profile and set a new password before you continue.</CardDescription>
        </CardHeader>
        <CardContent>
          <CompleteProfileForm fullName={user.fullName} />
        </CardContent>
      </Card>
    </PublicScreen>
  );
}
