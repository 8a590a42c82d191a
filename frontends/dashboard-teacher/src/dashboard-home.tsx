// The cards and quick actions of the spec come with the teacher's issues.
export function DashboardHome() {
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight">Teacher Dashboard</h1>
      <p className="text-muted-foreground">Your subjects, weekly content and submissions to grade in one place.</p>
    </header>
  );
}
