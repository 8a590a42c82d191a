import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { IDENTITY_MESSAGES, signInRequestSchema, signUpRequestSchema, PASSWORD_MIN } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, SubmitButton, Tabs, TabsContent, TabsList, TabsTrigger } from '@academy/ui';
import { dashboardPathFor, useCommandForm, useSession } from '@academy/web-session';
import { PublicScreen } from '../components/centered-card';
import { prefetchDashboard } from '../federation/dashboards';

const FALLBACK = 'Something went wrong. Please try again.';

function LoginForm({ defaultEmail }: { defaultEmail: string }) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  // What the user typed stays: the form is not reset on failure.
  const save = useCommandForm(signInRequestSchema, { email: defaultEmail, password: '' }, signIn, {
    success: () => 'Welcome back!',
    failure: FALLBACK,
    toastFieldErrors: true,
    onSuccess: (user) => {
      prefetchDashboard(user.role);
      navigate(dashboardPathFor(user.role), { replace: true });
    },
  });
  const { form, errors } = save;
  return (
    <form className="grid gap-4" onSubmit={save.onSubmit} noValidate>
      <FormField label="Email" type="email" autoComplete="email" required registration={form.register('email')} error={errors.email} />
      <FormField label="Password" type="password" autoComplete="current-password" required registration={form.register('password')} error={errors.password} />
      <SubmitButton className="w-full" busy={save.busy} busyLabel="Signing in...">Sign In</SubmitButton>
    </form>
  );
}

function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { signUp } = useSession();
  const save = useCommandForm(signUpRequestSchema, { fullName: '', email: '', password: '' }, signUp, {
    success: () => IDENTITY_MESSAGES.signedUp,
    failure: FALLBACK,
    toastFieldErrors: true,
    onSuccess: (_answer, values) => {
      save.form.reset();
      onSignedUp(values.email);
    },
  });
  const { form, errors } = save;
  return (
    <form className="grid gap-4" onSubmit={save.onSubmit} noValidate>
      <FormField label="Full Name" autoComplete="name" required registration={form.register('fullName')} error={errors.fullName} />
      <FormField label="Email" type="email" autoComplete="email" required registration={form.register('email')} error={errors.email} />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        registration={form.register('password')}
        error={errors.password}
      />
      <SubmitButton className="w-full" busy={save.busy} busyLabel="Creating account...">Create Account</SubmitButton>
    </form>
  );
}

/** /auth: Login and Sign Up tabs (spec §2). A signed-in user goes to their dashboard. */
export function AuthPage() {
  const { status, user } = useSession();
  const [tab, setTab] = useState('login');
  const [signedUpEmail, setSignedUpEmail] = useState('');
  if (status === 'signed-in') return <Navigate to={dashboardPathFor(user.role)} replace />;
  return (
    <PublicScreen>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            {/* The page's one heading (axe: page-has-heading-one), as on the other signed-out cards. */}
            <h1>Welcome</h1>
          </CardTitle>
          <CardDescription>Sign in to your account or create a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="mb-4 grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            {/* forceMount keeps both forms (and what was typed in them) when switching tabs. */}
            <TabsContent value="login" forceMount hidden={tab !== 'login'}>
              <LoginForm key={signedUpEmail} defaultEmail={signedUpEmail} />
            </TabsContent>
            <TabsContent value="signup" forceMount hidden={tab !== 'signup'}>
              <SignUpForm
                onSignedUp={(email) => {
                  setSignedUpEmail(email);
                  setTab('login');
                }}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </PublicScreen>
  );
}
