import { useId, useState } from 'react';
import { CalendarDays, Pencil } from 'lucide-react';
import { LEARNING_MESSAGES, type Week } from '@academy/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@academy/ui';
import { PageHeader, QueryView, countOf, useMySubjectsQuery, useSetWeekPublishedMutation, useTeacherWeeksQuery } from '@academy/web-dashboard';
import { useCommand } from '@academy/web-session';
import { ContentEditor } from './content-editor';
import { CreateWeekDialog } from './create-week-dialog';
import { SubjectFilter, useSubjectParam } from './subject-filter';

/** "5 tasks · capstone": what a week holds, for its card. */
export function weekContents(week: Pick<Week, 'tasks' | 'capstone'>): string {
  const tasks = countOf(week.tasks.length, 'daily task');
  return week.capstone ? `${tasks} · capstone` : `${tasks} · no capstone`;
}

function PublishToggle({ week }: { week: Week }) {
  const toggle = useSetWeekPublishedMutation();
  const command = useCommand(toggle.mutateAsync, { success: LEARNING_MESSAGES.weekStatusUpdated, failure: 'Failed to update week status' });
  return (
    <Button variant={week.isPublished ? 'outline' : 'default'} size="sm" disabled={command.busy} onClick={() => void command.run({ weekId: week.id, published: !week.isPublished })}>
      {command.busy ? 'Saving...' : week.isPublished ? 'Unpublish' : 'Publish'}
    </Button>
  );
}

export function WeekCard({ week, onEdit }: { week: Week; onEdit: (weekId: string) => void }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} data-week-id={week.id}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-medium text-muted-foreground">
            {week.subjectName} · Week {week.weekNumber}
          </span>
          <Badge variant={week.isPublished ? 'success' : 'secondary'} data-testid="week-status">
            {week.isPublished ? 'Published' : 'Draft'}
          </Badge>
        </div>
        <CardTitle id={titleId}>{`Week ${week.weekNumber}: ${week.title}`}</CardTitle>
        <CardDescription>{week.programName}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {week.objectives && <p className="whitespace-pre-line">{week.objectives}</p>}
        <p className="text-muted-foreground" data-testid="week-contents">
          {weekContents(week)}
        </p>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onEdit(week.id)}>
          <Pencil aria-hidden="true" />
          Edit Content
        </Button>
        <PublishToggle week={week} />
      </CardFooter>
    </Card>
  );
}

export function WeekCards({ weeks, onEdit }: { weeks: readonly Week[]; onEdit: (weekId: string) => void }) {
  if (weeks.length === 0)
    return (
      <section className="flex flex-col items-center gap-2 rounded-md border p-10 text-center">
        <CalendarDays aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="text-lg font-semibold">No weeks yet</h2>
        <p className="text-sm text-muted-foreground">Create the first week of this subject with Create Week.</p>
      </section>
    );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {weeks.map((week) => (
        <WeekCard key={week.id} week={week} onEdit={onEdit} />
      ))}
    </div>
  );
}

/** /dashboard/teacher/weeks[?subject=<id>]: the weeks of the teacher's subjects; create, publish and edit them. */
export function WeeksPage() {
  const [wanted, chooseSubject] = useSubjectParam();
  const subjects = useMySubjectsQuery();
  const mine = subjects.data?.subjects ?? [];
  // ?subject= preselects the filter (spec §2); an id that is not one of the teacher's subjects is ignored.
  const subjectId = wanted && (!subjects.data || mine.some((s) => s.id === wanted)) ? wanted : null;
  // With ?subject= the list waits for the subjects, so that it is read once, for the right subject.
  const weeks = useTeacherWeeksQuery(subjectId, !wanted || subjects.isSuccess);
  const [editing, setEditing] = useState<string | null>(null);
  const editedWeek = editing ? (weeks.data?.weeks.find((w) => w.id === editing) ?? null) : null;

  return (
    <>
      <PageHeader
        title="Weekly Content"
        description="Create the weeks of your subjects, fill them with daily tasks and a capstone, and publish them to your students."
        actions={<CreateWeekDialog subjects={mine} subjectId={subjectId} />}
      />
      <SubjectFilter subjects={mine} value={subjectId ?? ''} onChange={chooseSubject} />
      <QueryView queries={[subjects, weeks]} pending="Loading your weeks…" error="The weekly content could not be loaded.">
        {([, data]) => <WeekCards weeks={data.weeks} onEdit={setEditing} />}
      </QueryView>
      <ContentEditor week={editedWeek} onClose={() => setEditing(null)} />
    </>
  );
}
