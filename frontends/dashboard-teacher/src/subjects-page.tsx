import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, Library } from 'lucide-react';
import { CATALOG_MESSAGES, type Subject } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, buttonVariants } from '@academy/ui';
import { PROGRAM_TYPE_LABELS, PageHeader, QueryView, useMySubjectsQuery } from '@academy/web-dashboard';
import { DASHBOARD_PATHS } from '@academy/web-session';

/** The link to the weekly content of `subjectId` (spec §2: /weeks?subject=<id> preselects it). */
export const manageContentPath = (subjectId: string) => `${DASHBOARD_PATHS.teacher}/weeks?subject=${encodeURIComponent(subjectId)}`;

function SubjectCard({ subject }: { subject: Subject }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} data-subject-id={subject.id}>
      <CardHeader>
        <span className="w-fit rounded-md border px-2 py-0.5 text-xs font-medium text-muted-foreground">{PROGRAM_TYPE_LABELS[subject.programType]}</span>
        <CardTitle id={titleId}>{subject.name}</CardTitle>
        <CardDescription>{subject.programName}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p>{subject.weekNumber === null ? 'No week set' : `Week ${subject.weekNumber}`}</p>
        {subject.description && <p className="text-muted-foreground">{subject.description}</p>}
      </CardContent>
      <CardFooter>
        <Link to={manageContentPath(subject.id)} className={buttonVariants({ variant: 'outline' })} aria-label={`Manage Content of ${subject.name}`}>
          <BookOpen aria-hidden="true" />
          Manage Content
        </Link>
      </CardFooter>
    </Card>
  );
}

export function SubjectCards({ subjects }: { subjects: Subject[] }) {
  if (subjects.length === 0)
    return (
      <section className="flex flex-col items-center gap-2 rounded-md border p-10 text-center">
        <Library aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{CATALOG_MESSAGES.noSubjectsAssigned}</h2>
        <p className="text-sm text-muted-foreground">An administrator assigns you to subjects; they appear here.</p>
      </section>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {subjects.map((subject) => (
        <SubjectCard key={subject.id} subject={subject} />
      ))}
    </div>
  );
}

/** /dashboard/teacher/subjects: the subjects the teacher is assigned to. */
export function SubjectsPage() {
  const subjects = useMySubjectsQuery();
  return (
    <>
      <PageHeader title="My Subjects" description="The subjects you are assigned to. Manage the weekly content of each." />
      <QueryView query={subjects} pending="Loading your subjects…" error="Your subjects could not be loaded.">
        {(data) => <SubjectCards subjects={data.subjects} />}
      </QueryView>
    </>
  );
}
