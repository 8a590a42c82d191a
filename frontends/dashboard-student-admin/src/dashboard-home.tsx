// The cards and quick actions of the spec come with the student administrator's issues.
export function DashboardHome() {
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight">Student Admin Dashboard</h1>
      <p className="text-muted-foreground">Student accounts and admission applications in one place.</p>
    </header>
  );
}
