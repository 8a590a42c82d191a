import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Info } from 'lucide-react';
import {
  EXTENSION_MESSAGES,
  GRADE_STATUSES,
  GRADE_STATUS_LABELS,
  GRADING_MESSAGES,
  WORK_KIND_LABELS,
  type GradeChange,
  type GradeSubmissionRequest,
  type Rubric,
  type Submission,
} from '@academy/contracts';
import { Badge, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, FormSelectField, FormTextareaField, Spinner } from '@academy/ui';
import {
  ConversationThread,
  DialogForm,
  formatDateTime,
  formatDueDate,
  gradingKeys,
  PinnedCommit,
  rubricKeys,
  SubmissionCommit,
  useGradeHistoryQuery,
  useGradeSubmissionMutation,
  useItemRubricQuery,
  useSubmissionDetailQuery,
} from '@academy/web-dashboard';
import { ApiRequestError, errorMessage, useCommandForm } from '@academy/web-session';
import { gradeFormSchema, RubricFields, rubricDefaults } from './grade-rubric-fields';

const STATUS_OPTIONS = [{ value: '', label: 'Select a status' }, ...GRADE_STATUSES.map((s) => ({ value: s, label: GRADE_STATUS_LABELS[s] }))];
type GradeValues = Omit<GradeSubmissionRequest, 'expectedVersion'>;
const isConflict = (error: unknown) => error instanceof ApiRequestError && error.status === 409;

/** '' (an empty score field) is no score; anything else is read as a number for the schema to check. */
export const scoreFromInput = (value: unknown): number | null => (value === '' || value === null || value === undefined ? null : Number(value));

/** "—" or the score, "passed, 80" → one side of a grade change. */
export function describeGrade(grade: GradeChange['to'] | null): string {
  if (!grade) return 'no grade';
  return `${GRADE_STATUS_LABELS[grade.status]}${grade.score === null ? '' : `, ${grade.score}`}`;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function Attempts({ submission, open }: { submission: Submission; open: boolean }) {
  const detail = useSubmissionDetailQuery(submission.id, open);
  if (detail.isPending) return <Spinner className="py-2" label="Loading attempts…" />;
  if (detail.isError || detail.data.attempts.length <= 1) return null;
  return (
    <section aria-label="Attempts" className="grid gap-1 text-sm">
      <h3 className="text-xs font-medium text-muted-foreground uppercase">Attempts</h3>
      <ol className="grid gap-1">
        {detail.data.attempts.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-2" data-testid="attempt">
            <span className="font-medium">{`Attempt ${a.attempt}`}</span>
            <time dateTime={a.submittedAt} className="text-muted-foreground">
              {formatDateTime(a.submittedAt)}
            </time>
            <a href={a.githubUrl} target="_blank" rel="noreferrer" className="break-all text-primary underline-offset-4 hover:underline">
              {a.githubUrl}
            </a>
            <PinnedCommit submission={a} />
            <span>{a.grade ? GRADE_STATUS_LABELS[a.grade.status] : 'Not graded'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function History({ submission, open }: { submission: Submission; open: boolean }) {
  const history = useGradeHistoryQuery(submission.id, open);
  if (history.isPending) return <Spinner className="py-2" label="Loading grade history…" />;
  if (history.isError || history.data.changes.length === 0) return null;
  return (
    <section aria-label="Grade history" className="grid gap-1 text-sm">
      <h3 className="text-xs font-medium text-muted-foreground uppercase">Grade history</h3>
      <ol className="grid gap-1">
        {history.data.changes.map((c, i) => (
          <li key={i} data-testid="grade-change">
            <time dateTime={c.gradedAt} className="text-muted-foreground">
              {formatDateTime(c.gradedAt)}
            </time>{' '}
            {`${c.teacherName}: ${describeGrade(c.from)} → ${describeGrade(c.to)}`}
            {c.attempt > 1 && <span className="text-muted-foreground">{` (attempt ${c.attempt})`}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The conversation under the feedback (issue 30 §3): read when the dialog opens, answered from it. */
function Conversation({ submission, open }: { submission: Submission; open: boolean }) {
  return (
    <section aria-label="Conversation" className="grid gap-2 text-sm">
      <h3 className="text-xs font-medium text-muted-foreground uppercase">Conversation</h3>
      <ConversationThread key={submission.id} submissionId={submission.id} enabled={open} />
    </section>
  );
}

/**
 * Score (optional, 0–100, step 0.01), status (required) and feedback (spec §2, §5 Grade), sent with
 * the version the teacher saw: when another teacher graded meanwhile the API answers 409, the form
 * keeps what was typed, says so, and the other grade is read again.
 */
export function GradeForm({ submission, rubric = null, onDone }: { submission: Submission; rubric?: Rubric | null; onDone: () => void }) {
  const grade = useGradeSubmissionMutation();
  const client = useQueryClient();
  const [conflict, setConflict] = useState<string | null>(null);
  const plain = submission.grade ? { score: submission.grade.score, status: submission.grade.status, feedback: submission.grade.feedback } : { score: null, status: undefined, feedback: '' };
  // With a rubric (issue 30 §2) the levels make the score: the server computes it.
  const defaults = rubric ? { ...plain, rubric: rubricDefaults(rubric, submission.grade) } : plain;
  const send = (values: GradeValues) => {
    setConflict(null);
    return grade.mutateAsync({ submissionId: submission.id, ...values, expectedVersion: submission.version });
  };
  const save = useCommandForm(gradeFormSchema, defaults, send, {
    success: GRADING_MESSAGES.gradeSubmitted,
    // A grade given meanwhile is said in the form, not in a toast.
    failure: (error) => (isConflict(error) ? null : errorMessage(error, 'Failed to submit grade')),
    onSuccess: onDone,
    onError: async (error) => {
      if (!isConflict(error)) return;
      setConflict(errorMessage(error, GRADING_MESSAGES.gradeChangedMeanwhile));
      // The rubric too: a 409 may say it was saved again (a new version) while the dialog was open.
      await Promise.all([
        client.invalidateQueries({ queryKey: gradingKeys.allTeacherSubmissions }),
        client.invalidateQueries({ queryKey: ['submission', submission.id] }),
        client.invalidateQueries({ queryKey: rubricKeys.item(submission.itemId) }),
      ]);
    },
  });
  const { form, errors } = save;
  return (
    <DialogForm command={save} submit="Submit Grade">
      {rubric ? (
        <RubricFields form={form} rubric={rubric} />
      ) : (
        <FormField
          label="Score"
          type="number"
          min={0}
          max={100}
          step={0.01}
          hint="Optional, 0 to 100"
          registration={form.register('score', { setValueAs: scoreFromInput })}
          error={errors.score}
        />
      )}
      <FormSelectField label="Status" required options={STATUS_OPTIONS} registration={form.register('status')} error={errors.status} />
      <FormTextareaField label="Feedback" rows={4} registration={form.register('feedback')} error={errors.feedback} />
      {submission.kind === 'capstone' && (
        <p className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="capstone-notice">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {GRADING_MESSAGES.capstoneNotice}
        </p>
      )}
      {conflict && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {conflict}
        </p>
      )}
    </DialogForm>
  );
}

/** The grade form once the item's rubric is read (none, or unreadable: the plain score field). */
function GradeFormOfItem({ submission, open, onDone }: { submission: Submission; open: boolean; onDone: () => void }) {
  const rubric = useItemRubricQuery(submission.itemId, open);
  if (rubric.isPending) return <Spinner className="py-2" label="Loading the rubric…" />;
  return <GradeForm submission={submission} rubric={rubric.data?.rubric ?? null} onDone={onDone} />;
}

/** The label of a row's button: Grade, or Edit Grade once it has one (spec §2). */
export const gradeButtonLabel = (submission: Pick<Submission, 'grade'>) => (submission.grade ? 'Edit Grade' : 'Grade');

/**
 * The grading dialog of `submission` (null = closed). The page owns it, not the row: when the lists
 * are read again (a grade given meanwhile moves the row to the other tab) the dialog and what was
 * typed in it stay.
 */
export function GradeDialog({ submission, onClose }: { submission: Submission | null; onClose: () => void }) {
  const open = submission !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        {submission && (
          <>
            <DialogHeader>
              <DialogTitle>{gradeButtonLabel(submission)}</DialogTitle>
              <DialogDescription>{`${WORK_KIND_LABELS[submission.kind]}: ${submission.title}`}</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Detail term="Student">{submission.studentEmail}</Detail>
              <Detail term="Type">{WORK_KIND_LABELS[submission.kind]}</Detail>
              <Detail term="Submitted">
                <time dateTime={submission.submittedAt}>{formatDateTime(submission.submittedAt)}</time>
                {submission.late && (
                  <Badge variant="warning" className="ml-2">
                    Late
                  </Badge>
                )}
                {submission.extended && submission.dueAt && <span className="block text-xs text-muted-foreground">{EXTENSION_MESSAGES.extendedTo(formatDueDate(submission.dueAt))}</span>}
              </Detail>
              <Detail term="Attempt">{submission.attempt}</Detail>
              <Detail term="GitHub">
                <a href={submission.githubUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline" data-testid="github-link">
                  {submission.githubUrl}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              </Detail>
              {submission.pin && (
                <Detail term="Commit">
                  <SubmissionCommit id={submission.id} submission={submission} enabled={open} />
                </Detail>
              )}
              <Detail term="Notes">{submission.notes || <span className="font-normal text-muted-foreground">No notes</span>}</Detail>
            </dl>
            <Attempts submission={submission} open={open} />
            <History submission={submission} open={open} />
            <GradeFormOfItem key={submission.id} submission={submission} open={open} onDone={onClose} />
            <Conversation submission={submission} open={open} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
