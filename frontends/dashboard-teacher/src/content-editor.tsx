import { type ComponentProps, useState } from 'react';
import { z } from 'zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { EXTENSION_MESSAGES, LATE_POLICIES, LEARNING_MESSAGES, MAX_DAY, addTaskRequestSchema, setCapstoneRequestSchema, updateWeekRequestSchema, type Capstone, type Task, type Week } from '@academy/contracts';
import { Button, FormField, FormSelectField, FormTextareaField, Sheet, SheetContent, SheetDescription, SheetTitle, SubmitButton } from '@academy/ui';
import {
  ConfirmDialog,
  EditButton,
  destructiveOpener,
  SaveOrCancel,
  academyZoneLabel,
  formatDueDate,
  fromDueDateInput,
  toDueDateInput,
  useAddTaskMutation,
  useRemoveCapstoneMutation,
  useRemoveTaskMutation,
  useReorderTasksMutation,
  useSetCapstoneMutation,
  useUpdateTaskMutation,
  useUpdateWeekMutation,
} from '@academy/web-dashboard';
import { useCommand, useCommandForm } from '@academy/web-session';
import { ExtensionsDialog } from './extensions-dialog';
import { RubricDialog } from './rubric-dialog';

// The forms edit the due date as a datetime-local value, a wall time of the academy's zone (whatever
// the teacher's browser zone); on submit it becomes the ISO instant the API schema expects. Every
// other field is checked by the API's own schema.
const localDue = z.string().refine((v) => !v.trim() || !Number.isNaN(Date.parse(fromDueDateInput(v) ?? '')), 'Enter a valid due date and time');
export const taskFormSchema = addTaskRequestSchema.omit({ dueAt: true, expectedVersion: true }).extend({ dueAt: localDue });
export const capstoneFormSchema = setCapstoneRequestSchema.omit({ dueAt: true, expectedVersion: true }).extend({ dueAt: localDue });
const weekFormSchema = updateWeekRequestSchema.omit({ expectedVersion: true });
const LATE_POLICY_OPTIONS = LATE_POLICIES.map((value) => ({ value, label: EXTENSION_MESSAGES.latePolicyLabels[value] }));
const DAY_OPTIONS = Array.from({ length: MAX_DAY }, (_, i) => ({ value: String(i + 1), label: `Day ${i + 1}` }));

/** The first day of 1–5 that no task of the week has (the default day of a new task), or null when all are taken. */
export function firstFreeDay(tasks: readonly Pick<Task, 'dayNumber'>[]): number | null {
  for (let day = 1; day <= MAX_DAY; day++) if (!tasks.some((t) => t.dayNumber === day)) return day;
  return null;
}

/** The task ids in their new order after moving the task at `index` one place up (-1) or down (+1). */
export function moveTask(taskIds: readonly string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  if (target < 0 || target >= taskIds.length) return [...taskIds];
  const next = [...taskIds];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

function WeekDetailsForm({ week }: { week: Week }) {
  const update = useUpdateWeekMutation();
  const save = useCommandForm(weekFormSchema, { title: week.title, objectives: week.objectives }, (values) => update.mutateAsync({ weekId: week.id, ...values, expectedVersion: week.version }), {
    success: LEARNING_MESSAGES.weekUpdated,
    failure: 'Failed to update week',
  });
  const { form, errors } = save;
  return (
    <form className="grid gap-4" onSubmit={save.onSubmit} noValidate aria-label="Week details">
      <FormField label="Week Title" autoComplete="off" required registration={form.register('title')} error={errors.title} />
      <FormTextareaField label="Learning Objectives" hint="Optional" registration={form.register('objectives')} error={errors.objectives} />
      <SubmitButton className="w-fit" busy={save.busy} busyLabel="Saving...">Save Week</SubmitButton>
    </form>
  );
}

function TaskForm({ week, task, onDone }: { week: Week; task?: Task; onDone: () => void }) {
  const add = useAddTaskMutation();
  const update = useUpdateTaskMutation();
  const defaults = task
    ? { dayNumber: task.dayNumber, title: task.title, description: task.description, instructions: task.instructions, dueAt: toDueDateInput(task.dueAt), latePolicy: task.latePolicy }
    : { dayNumber: firstFreeDay(week.tasks) ?? 1, title: '', description: '', instructions: '', dueAt: '', latePolicy: 'accept' as const };
  const save = useCommandForm(
    taskFormSchema,
    defaults,
    ({ dueAt, ...values }) => {
      const body = { weekId: week.id, ...values, dueAt: fromDueDateInput(dueAt), expectedVersion: week.version };
      return task ? update.mutateAsync({ ...body, taskId: task.id }) : add.mutateAsync(body);
    },
    { success: task ? LEARNING_MESSAGES.taskUpdated : LEARNING_MESSAGES.taskAdded, failure: task ? 'Failed to update task' : 'Failed to add task', onSuccess: onDone },
  );
  const { form, errors } = save;
  return (
    <form className="grid gap-3 rounded-md border p-4" onSubmit={save.onSubmit} noValidate aria-label={task ? `Edit Day ${task.dayNumber}` : 'New task'}>
      <FormSelectField label="Day" required options={DAY_OPTIONS} registration={form.register('dayNumber', { setValueAs: (v) => Number(v) })} error={errors.dayNumber} />
      <FormField label="Task Title" autoComplete="off" required registration={form.register('title')} error={errors.title} />
      <FormTextareaField label="Description" registration={form.register('description')} error={errors.description} />
      <FormTextareaField label="Instructions" rows={4} registration={form.register('instructions')} error={errors.instructions} />
      <FormField label="Due Date" type="datetime-local" hint={dueHint()} registration={form.register('dueAt')} error={errors.dueAt} />
      <LatePolicyField registration={form.register('latePolicy')} error={errors.latePolicy} />
      <SaveOrCancel busy={save.busy} label={task ? 'Save Task' : 'Add Task'} onCancel={onDone} />
    </form>
  );
}

function CapstoneForm({ week, capstone, onDone }: { week: Week; capstone: Capstone | null; onDone: () => void }) {
  const setCapstone = useSetCapstoneMutation();
  const defaults = capstone
    ? { title: capstone.title, description: capstone.description, instructions: capstone.instructions, dueAt: toDueDateInput(capstone.dueAt), latePolicy: capstone.latePolicy }
    : { title: '', description: '', instructions: '', dueAt: '', latePolicy: 'accept' as const };
  const save = useCommandForm(
    capstoneFormSchema,
    defaults,
    ({ dueAt, ...values }) => setCapstone.mutateAsync({ weekId: week.id, ...values, dueAt: fromDueDateInput(dueAt), expectedVersion: week.version }),
    { success: LEARNING_MESSAGES.capstoneSaved, failure: 'Failed to save capstone', onSuccess: onDone },
  );
  const { form, errors } = save;
  return (
    <form className="grid gap-3 rounded-md border p-4" onSubmit={save.onSubmit} noValidate aria-label="Capstone">
      <FormField label="Capstone Title" autoComplete="off" required registration={form.register('title')} error={errors.title} />
      <FormTextareaField label="Description" registration={form.register('description')} error={errors.description} />
      <FormTextareaField label="Instructions" rows={4} registration={form.register('instructions')} error={errors.instructions} />
      <FormField label="Due Date" type="datetime-local" hint={dueHint()} registration={form.register('dueAt')} error={errors.dueAt} />
      <LatePolicyField registration={form.register('latePolicy')} error={errors.latePolicy} />
      <SaveOrCancel busy={save.busy} label="Save Capstone" onCancel={onDone} />
    </form>
  );
}

/** A Remove button that asks first: the students' submissions of a removed item lose their place in the week. */
function ConfirmRemove({ label, what, disabled, onConfirm }: { label: string; what: string; disabled: boolean; onConfirm: () => Promise<void> }) {
  return (
    <ConfirmDialog
      trigger={{ ...destructiveOpener(Trash2, 'Remove', label), disabled }}
      title={`Remove ${what}?`}
      description="Students will no longer see it in this week. This cannot be undone."
      confirmLabel="Remove"
      busyLabel="Removing..."
      destructive
      onConfirm={onConfirm}
    />
  );
}

/** The due date's hint names the zone it is entered in (the academy's, not necessarily the browser's). */
const dueHint = () => `Optional, in ${academyZoneLabel()}: a submission after it is flagged late.`;

/** Late submissions accepted and flagged, or closed after the due date (issue 30 §4). */
function LatePolicyField(props: Pick<ComponentProps<typeof FormSelectField>, 'registration' | 'error'>) {
  return <FormSelectField label="Late Submissions" options={LATE_POLICY_OPTIONS} hint="After the due date; a student's extension counts as their due date." {...props} />;
}

function Due({ item }: { item: Task | Capstone }) {
  return item.dueAt ? (
    <span className="text-xs text-muted-foreground">
      Due <time dateTime={item.dueAt}>{formatDueDate(item.dueAt)}</time>
      {item.latePolicy === 'closed' && ` · ${EXTENSION_MESSAGES.latePolicyLabels.closed}`}
    </span>
  ) : null;
}

function TaskList({ week }: { week: Week }) {
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const remove = useRemoveTaskMutation();
  const reorder = useReorderTasksMutation();
  const ids = week.tasks.map((t) => t.id);
  const move = useCommand(({ index, by }: { index: number; by: -1 | 1 }) => reorder.mutateAsync({ weekId: week.id, taskIds: moveTask(ids, index, by), expectedVersion: week.version }), {
    success: LEARNING_MESSAGES.tasksReordered,
    failure: 'Failed to reorder tasks',
  });
  const drop = useCommand((task: Task) => remove.mutateAsync({ weekId: week.id, taskId: task.id }), { success: LEARNING_MESSAGES.taskRemoved, failure: 'Failed to remove task' });
  const busy = drop.busy || move.busy;
  return (
    <section aria-labelledby="editor-tasks" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="editor-tasks" className="font-semibold">
          Daily Tasks ({week.tasks.length}/{MAX_DAY})
        </h3>
        <Button size="sm" variant="outline" disabled={editing !== null || week.tasks.length >= MAX_DAY} onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Task
        </Button>
      </div>
      {week.tasks.length === 0 && editing !== 'new' && <p className="text-sm text-muted-foreground">No daily tasks yet.</p>}
      <ol className="grid gap-2">
        {week.tasks.map((task, index) =>
          editing === task.id ? (
            <li key={task.id}>
              <TaskForm week={week} task={task} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={task.id} className="flex flex-wrap items-center gap-2 rounded-md border p-3" data-testid="editor-task" aria-label={`Day ${task.dayNumber}: ${task.title}`}>
              <div className="grid flex-1 gap-0.5">
                <span className="text-sm font-medium">{`Day ${task.dayNumber}: ${task.title}`}</span>
                <Due item={task} />
              </div>
              <Button size="icon" variant="ghost" aria-label={`Move Day ${task.dayNumber} up`} disabled={busy || index === 0} onClick={() => void move.run({ index, by: -1 })}>
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button size="icon" variant="ghost" aria-label={`Move Day ${task.dayNumber} down`} disabled={busy || index === week.tasks.length - 1} onClick={() => void move.run({ index, by: 1 })}>
                <ArrowDown aria-hidden="true" />
              </Button>
              <RubricDialog itemId={task.id} title={`Day ${task.dayNumber}: ${task.title}`} />
              {task.dueAt && <ExtensionsDialog itemId={task.id} title={`Day ${task.dayNumber}: ${task.title}`} />}
              <EditButton label={`Edit Day ${task.dayNumber}`} disabled={editing !== null} onClick={() => setEditing(task.id)} />
              <ConfirmRemove label={`Remove Day ${task.dayNumber}`} what={`Day ${task.dayNumber}: ${task.title}`} disabled={busy} onConfirm={async () => void (await drop.run(task))} />
            </li>
          ),
        )}
      </ol>
      {editing === 'new' && <TaskForm week={week} onDone={() => setEditing(null)} />}
    </section>
  );
}

function CapstoneSection({ week }: { week: Week }) {
  const [editing, setEditing] = useState(false);
  const remove = useRemoveCapstoneMutation();
  const drop = useCommand(() => remove.mutateAsync({ weekId: week.id }), { success: LEARNING_MESSAGES.capstoneRemoved, failure: 'Failed to remove capstone' });
  const capstone = week.capstone;
  return (
    <section aria-labelledby="editor-capstone" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="editor-capstone" className="font-semibold">
          {LEARNING_MESSAGES.capstoneSection}
        </h3>
        {!capstone && !editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <Plus aria-hidden="true" />
            Add Capstone
          </Button>
        )}
      </div>
      {editing ? (
        <CapstoneForm week={week} capstone={capstone} onDone={() => setEditing(false)} />
      ) : capstone ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border p-3" data-testid="editor-capstone">
          <div className="grid flex-1 gap-0.5">
            <span className="text-sm font-medium">{capstone.title}</span>
            <Due item={capstone} />
          </div>
          <RubricDialog itemId={capstone.id} title={capstone.title} />
          {capstone.dueAt && <ExtensionsDialog itemId={capstone.id} title={capstone.title} />}
          <EditButton label="Edit Capstone" onClick={() => setEditing(true)} />
          <ConfirmRemove label="Remove Capstone" what={`the capstone ${capstone.title}`} disabled={drop.busy} onConfirm={async () => void (await drop.run())} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No capstone yet. Passing a week's capstone moves the student on to the next week.</p>
      )}
    </section>
  );
}

/**
 * The content editor that 'Edit Content' opens (spec §2 says it does nothing: fix): the week's title
 * and objectives, its daily tasks (add, edit, reorder, remove) and its capstone. Every change sends
 * the week's version, so an edit made elsewhere meanwhile is refused (409) instead of overwritten.
 */
export function ContentEditor({ week, onClose }: { week: Week | null; onClose: () => void }) {
  return (
    <Sheet open={week !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto p-6 sm:max-w-2xl">
        {week && (
          <>
            <div className="grid gap-1 pr-8">
              <SheetTitle className="text-lg font-semibold">{`Edit Content: Week ${week.weekNumber}`}</SheetTitle>
              <SheetDescription className="text-sm text-muted-foreground">
                {week.subjectName} · {week.programName} · {week.isPublished ? 'Published' : 'Draft'}
              </SheetDescription>
            </div>
            <WeekDetailsForm key={`details-${week.id}`} week={week} />
            <TaskList key={`tasks-${week.id}`} week={week} />
            <CapstoneSection key={`capstone-${week.id}`} week={week} />
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
