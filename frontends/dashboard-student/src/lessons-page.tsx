import { type ComponentProps, createElement, useId, type ReactNode } from 'react';
import { BookOpen, ExternalLink, Trophy } from 'lucide-react';
import { GRADING_MESSAGES, LEARNING_MESSAGES, type LessonCapstone, type LessonSubmission, type LessonTask, type LessonWeek, type LessonsResponse, type WorkKind } from '@academy/contracts';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@academy/ui';
import { ConversationDisclosure, PageHeader, QueryView, SubmissionCommit, formatDateTime, useLessonsQuery } from '@academy/web-dashboard';
import { NoActiveEnrollment, weekOf } from './course-page';
import { itemStatusLabel, statusVariant } from './grading-format';
import { ClosedNotice, type Deadline, deadlineOf, DueLine } from './deadline';
import { SubmitDialog } from './submit-dialog';

export function StatusBadge({ submission }: { submission: LessonSubmission | null }) {
  return (
    <Badge variant={submission ? statusVariant(submission.gradeStatus) : 'outline'} data-testid="item-status">
      {itemStatusLabel(submission)}
    </Badge>
  );
}

/** Heading levels follow where a week card sits: under the page's h1 (this week) or under "Earlier weeks" (h2). */
type Level = 2 | 3;
function Heading({ level, ...props }: { level: number } & ComponentProps<'h2'>) {
  return createElement(`h${Math.min(level, 6)}`, props);
}

function Block({ label, level, children }: { label: string; level: number; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <Heading level={level} className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {label}
      </Heading>
      <div className="whitespace-pre-line">{children}</div>
    </div>
  );
}

/** A submitted item, read-only (spec §4): the link, the commit it was pinned to (ADR 0039), the teacher's feedback and the score; a new attempt only after needs_revision. */
export function SubmissionDetails({ kind, itemId, title, submission, deadline }: { kind: WorkKind; itemId: string; title: string; submission: LessonSubmission; deadline?: Deadline }) {
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-3" data-testid="submission">
      <p className="flex flex-wrap items-center gap-2">
        <a href={submission.githubUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium break-all text-primary underline-offset-4 hover:underline">
          {submission.githubUrl}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
        {submission.late && <Badge variant="warning">Late</Badge>}
      </p>
      <p className="text-xs text-muted-foreground">
        Submitted <time dateTime={submission.submittedAt}>{formatDateTime(submission.submittedAt)}</time>
        {submission.attempt > 1 && ` · attempt ${submission.attempt}`}
      </p>
      <div className="text-sm">
        <SubmissionCommit id={submission.submissionId} />
      </div>
      {submission.notes && <p className="text-sm whitespace-pre-line text-muted-foreground">Notes: {submission.notes}</p>}
      {submission.feedback && (
        <p className="text-sm whitespace-pre-line" data-testid="feedback">
          <span className="font-medium">Feedback: </span>
          {submission.feedback}
        </p>
      )}
      {submission.score !== null && (
        <p className="text-sm font-semibold" data-testid="score">
          {GRADING_MESSAGES.score(submission.score)}
        </p>
      )}
      <ConversationDisclosure submissionId={submission.submissionId} />
      {submission.canResubmit && (deadline?.closed && deadline.dueAt ? <ClosedNotice dueAt={deadline.dueAt} /> : (
        <div>
          <SubmitDialog kind={kind} itemId={itemId} title={title} again lateSince={deadline?.passed ? deadline.dueAt : null} />
        </div>
      ))}
    </div>
  );
}

/** `past`: an earlier week, read-only (issue 18 §1): no first submission; a needs_revision attempt may still be resubmitted (SubmissionDetails). */
function ItemBody({ kind, item, past, level }: { kind: WorkKind; item: LessonTask | LessonCapstone; past: boolean; level: number }) {
  const deadline = deadlineOf(item);
  return (
    <div className="grid gap-3">
      {item.description && (
        <Block label="Description" level={level}>
          {item.description}
        </Block>
      )}
      {item.instructions && (
        <Block label="Instructions" level={level}>
          {item.instructions}
        </Block>
      )}
      <DueLine item={item} deadline={deadline} />
      {item.submission ? (
        <SubmissionDetails kind={kind} itemId={item.id} title={item.title} submission={item.submission} deadline={deadline} />
      ) : past ? null : deadline.closed && deadline.dueAt ? (
        <ClosedNotice dueAt={deadline.dueAt} />
      ) : (
        <div>
          <SubmitDialog kind={kind} itemId={item.id} title={item.title} lateSince={deadline.passed ? deadline.dueAt : null} />
        </div>
      )}
    </div>
  );
}

/** One week: its title a heading of `level`, its sections' one below, the tasks' and the capstone's parts two below, a task's parts three below (axe heading-order). */
export function LessonWeekCard({ week, level = 2 }: { week: LessonWeek; level?: Level }) {
  const titleId = useId();
  const capstoneId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} data-week-id={week.id}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{week.subjectName}</Badge>
          {week.past && (
            <Badge variant="secondary" data-testid="past-week">
              Past week
            </Badge>
          )}
        </div>
        <CardTitle className="text-xl">
          <Heading level={level} id={titleId}>{`Week ${week.weekNumber}: ${week.title}`}</Heading>
        </CardTitle>
        {week.objectives && <CardDescription className="whitespace-pre-line">{week.objectives}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-6">
        {/* Every week card has this section, and landmarks need names of their own: the subject and week say whose. */}
        <section aria-label={`Daily tasks: ${week.subjectName}, week ${week.weekNumber}`}>
          <Heading level={level + 1} className="mb-1 font-semibold">
            Daily Tasks
          </Heading>
          {week.tasks.length === 0 ? (
            <p className="text-sm text-muted-foreground">No daily tasks this week.</p>
          ) : (
            <Accordion type="multiple">
              {week.tasks.map((task) => (
                <AccordionItem key={task.id} value={task.id} data-task-id={task.id}>
                  <AccordionTrigger level={(level + 2) as 4 | 5}>
                    {/* Explicit spaces: the button's accessible name reads "Day 1 Title Not Submitted". */}
                    <span className="flex flex-1 flex-wrap items-center gap-2">
                      <span className="text-muted-foreground">{`Day ${task.dayNumber}`}</span> <span>{task.title}</span>
                    </span>{' '}
                    <StatusBadge submission={task.submission} />
                  </AccordionTrigger>
                  <AccordionContent>
                    <ItemBody kind="task" item={task} past={week.past} level={level + 3} />
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          )}
        </section>
        {week.capstone && (
          <section aria-labelledby={capstoneId} className="grid gap-3 rounded-md border p-4 text-sm" data-capstone-id={week.capstone.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Heading level={level + 1} id={capstoneId} className="flex items-center gap-2 font-semibold">
                <Trophy aria-hidden="true" className="size-4" />
                {LEARNING_MESSAGES.capstoneSection}
              </Heading>
              <StatusBadge submission={week.capstone.submission} />
            </div>
            <p className="font-medium">{week.capstone.title}</p>
            <ItemBody kind="capstone" item={week.capstone} past={week.past} level={level + 2} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}

export function NoContent() {
  return (
    <section className="flex flex-col items-center gap-2 rounded-md border p-10 text-center">
      <BookOpen aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-lg font-semibold" data-testid="no-content">
        {LEARNING_MESSAGES.noContent}
      </p>
    </section>
  );
}

/**
 * /dashboard/student/lessons: the published weeks of the student's current week across the program's
 * subjects (spec §2), then the earlier weeks, latest first, read-only (issue 18 §1: a passed capstone
 * no longer takes the week, its material and its scores away).
 */
export function LessonsPage() {
  const lessons = useLessonsQuery();
  const pastId = useId();
  const enrollment = lessons.data?.enrollment;
  const description = enrollment ? `${enrollment.programName} · ${weekOf(enrollment.currentWeek)}` : "This week's lessons, daily tasks and capstone. Submit each one as a GitHub repository.";
  function weeksOf({ enrollment, weeks }: LessonsResponse) {
    if (!enrollment) return <NoActiveEnrollment />;
    const current = weeks.filter((week) => !week.past);
    const past = weeks.filter((week) => week.past);
    return (
      <>
        {current.length === 0 ? <NoContent /> : current.map((week) => <LessonWeekCard key={week.id} week={week} />)}
        {past.length > 0 && (
          <section aria-labelledby={pastId} className="grid gap-4" data-testid="past-weeks">
            <h2 id={pastId} className="text-lg font-semibold">
              Earlier weeks
            </h2>
            {past.map((week) => (
              <LessonWeekCard key={week.id} week={week} level={3} />
            ))}
          </section>
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader title="Weekly Lessons" description={<span data-testid="lessons-week">{description}</span>} />
      <QueryView query={lessons} pending="Loading your lessons…" error="Your lessons could not be loaded.">
        {weeksOf}
      </QueryView>
    </>
  );
}
