import { EXTENSION_MESSAGES, type LessonCapstone, type LessonTask } from '@academy/contracts';
import { formatDueDate } from '@academy/web-dashboard';

/** Where an item stands against the student's due date (issue 30 §4): their extension when they have one. */
export interface Deadline {
  /** The due date that counts for this student (null: none). */
  dueAt: string | null;
  extended: boolean;
  /** The due date has passed: a submission now is late. */
  passed: boolean;
  /** Passed, and the item takes no late work: no submit button (the API refuses too). */
  closed: boolean;
}

export function deadlineOf(item: LessonTask | LessonCapstone, now = Date.now()): Deadline {
  const extended = item.extendedDueAt !== null && item.dueAt !== null && Date.parse(item.extendedDueAt) > Date.parse(item.dueAt);
  const dueAt = extended ? item.extendedDueAt : item.dueAt;
  const passed = dueAt !== null && now > Date.parse(dueAt);
  return { dueAt, extended, passed, closed: passed && item.latePolicy === 'closed' };
}

/** "Due …", and the student's extension beside the original date. */
export function DueLine({ item, deadline }: { item: LessonTask | LessonCapstone; deadline: Deadline }) {
  if (!item.dueAt) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="due">
      {deadline.extended ? <s>Due {formatDueDate(item.dueAt)}</s> : <>Due <time dateTime={item.dueAt}>{formatDueDate(item.dueAt)}</time></>}
      {deadline.extended && deadline.dueAt && (
        <>
          {' · '}
          <span className="font-medium text-foreground" data-testid="extended-due">
            <time dateTime={deadline.dueAt}>{EXTENSION_MESSAGES.extendedTo(formatDueDate(deadline.dueAt))}</time>
          </span>
        </>
      )}
    </p>
  );
}

/** An item closed after the student's due date: said where the submit button would be. */
export function ClosedNotice({ dueAt }: { dueAt: string }) {
  return (
    <p role="status" className="rounded-md border border-destructive/60 bg-muted p-2 text-sm" data-testid="closed-notice">
      {EXTENSION_MESSAGES.closedNotice(formatDueDate(dueAt))}
    </p>
  );
}

/** Inside the submit dialog, after the due date of an item that accepts late work. */
export function LateWarning({ dueAt }: { dueAt: string }) {
  return (
    <p role="alert" className="rounded-md border border-amber-500/70 bg-muted p-2 text-sm" data-testid="late-warning">
      {EXTENSION_MESSAGES.willBeLate(formatDueDate(dueAt))}
    </p>
  );
}
