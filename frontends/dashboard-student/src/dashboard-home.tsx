import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle, buttonVariants } from '@academy/ui';

// The cards and quick actions of the spec come with the student's issues.
export function DashboardHome() {
  const gettingStarted = useId();
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Student Dashboard</h1>
        <p className="text-muted-foreground">Your course, weekly lessons and grades in one place.</p>
      </header>
      <Card role="region" aria-labelledby={gettingStarted} className="max-w-2xl">
        <CardHeader>
          <CardTitle id={gettingStarted}>Getting started</CardTitle>
          <CardDescription>
            After an administrator enrolls you in a programme, you will see your weekly content here, submit your tasks via GitHub
            and track your progress.
          </CardDescription>
        </CardHeader>
        <CardFooter>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to the home page
          </Link>
        </CardFooter>
      </Card>
    </>
  );
}
