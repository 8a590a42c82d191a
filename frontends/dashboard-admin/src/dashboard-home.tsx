// The cards and quick actions of the spec come with the admin's issues.
export function DashboardHome() {
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <p className="text-muted-foreground">Programs, subjects, users, teacher assignments and enrollments in one place.</p>
    </header>
  );
}
