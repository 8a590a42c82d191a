// learning's weeks, tasks and capstones a batch at a time (ADR 0035): one by one, each content event
// cost one or two MikroORM statements (every task or capstone event also sets its week's version), so a
// week of five tasks and a capstone cost ~15. `planContent` folds a batch's events in log order into
// what applying them one by one (`contentHandlers`, the reference) would leave, and the set handler
// writes that with a few multi-row statements per table.
import { byIndexLookups, foldedSet, instant, type EventHandler, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
import {
  CapstoneRemovedV1,
  CapstoneSetV1,
  LEARNING_EVENTS,
  publishedEventFor,
  TaskAddedV1,
  TaskRemovedV1,
  TasksReorderedV1,
  TaskUpdatedV1,
  type WeekUpdatedData,
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
} from '@academy/contracts';
import { sql } from 'kysely';
import { LearningCapstone } from './capstone.entity.js';
import { LearningTask } from './task.entity.js';
import { LearningWeek } from './week.entity.js';

const weeks = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningWeek);
const tasks = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningTask);
const capstones = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningCapstone);

const dateOrNull = (iso: string | null) => (iso === null ? null : instant(iso));
/** The columns a task's upsert sets on a row that is there (its week stays). */
const TASK_MERGE = ['dayNumber', 'title', 'description', 'instructions', 'dueAt'] as const;
const CAPSTONE_MERGE = ['title', 'description', 'instructions', 'dueAt'] as const;

async function upsertTask(e: StoredEvent, tx: ProjectionTx) {
  const d = publishedEventFor([TaskAddedV1, TaskUpdatedV1], e).parse(e);
  await tasks(tx)
    .insert({ id: d.taskId, weekId: d.weekId, dayNumber: d.dayNumber, title: d.title, description: d.description, instructions: d.instructions, dueAt: dateOrNull(d.dueAt) })
    .onConflict('id')
    .merge([...TASK_MERGE])
    .execute();
  await bump(e, d.weekId, tx);
}
/** The week's stream version, sent back by the editor as expectedVersion. */
async function bump(e: StoredEvent, weekId: string, tx: ProjectionTx) {
  await weeks(tx).update({ version: e.streamVersion }).where({ id: weekId }).execute();
}
async function publication(e: StoredEvent, tx: ProjectionTx, published: boolean) {
  const d = publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e);
  await weeks(tx).update({ isPublished: published, version: e.streamVersion }).where({ id: d.weekId }).execute();
}

/** The events one at a time: what the set handler must equal (and what it falls back to). */
export const contentHandlers: Record<string, EventHandler> = {
  [LEARNING_EVENTS.WeekCreated]: async (e, tx) => {
    const d = WeekCreatedV1.parse(e);
    await weeks(tx)
      .insert({ id: d.weekId, subjectId: d.subjectId, weekNumber: d.weekNumber, title: d.title, objectives: d.objectives, createdAt: instant(e.metadata.occurredAt), version: e.streamVersion })
      .onConflict('id')
      .ignore()
      .execute();
  },
  [LEARNING_EVENTS.WeekUpdated]: async (e, tx) => {
    // Learning's own internal event (not published): its own code wrote it.
    const d = e.data as WeekUpdatedData;
    await weeks(tx).update({ title: d.title, objectives: d.objectives, version: e.streamVersion }).where({ id: d.weekId }).execute();
  },
  [LEARNING_EVENTS.WeekPublished]: (e, tx) => publication(e, tx, true),
  [LEARNING_EVENTS.WeekUnpublished]: (e, tx) => publication(e, tx, false),
  [LEARNING_EVENTS.TaskAdded]: upsertTask,
  [LEARNING_EVENTS.TaskUpdated]: upsertTask,
  [LEARNING_EVENTS.TasksReordered]: async (e, tx) => {
    const d = TasksReorderedV1.parse(e);
    for (const o of d.order) await tasks(tx).update({ dayNumber: o.dayNumber }).where({ id: o.taskId }).execute();
    await bump(e, d.weekId, tx);
  },
  [LEARNING_EVENTS.TaskRemoved]: async (e, tx) => {
    const d = TaskRemovedV1.parse(e);
    await tasks(tx).delete().where({ id: d.taskId }).execute();
    await bump(e, d.weekId, tx);
  },
  [LEARNING_EVENTS.CapstoneSet]: async (e, tx) => {
    const d = CapstoneSetV1.parse(e);
    await capstones(tx)
      .insert({ id: d.capstoneId, weekId: d.weekId, title: d.title, description: d.description, instructions: d.instructions, dueAt: dateOrNull(d.dueAt) })
      .onConflict('id')
      .merge([...CAPSTONE_MERGE])
      .execute();
    await bump(e, d.weekId, tx);
  },
  [LEARNING_EVENTS.CapstoneRemoved]: async (e, tx) => {
    const d = CapstoneRemovedV1.parse(e);
    await capstones(tx).delete().where({ id: d.capstoneId }).execute();
    await bump(e, d.weekId, tx);
  },
};

/** A week as WeekCreated makes it; instants as the events' ISO strings. */
export interface WeekRow {
  id: string;
  subjectId: string;
  weekNumber: number;
  title: string;
  objectives: string;
  isPublished: boolean;
  createdAt: string;
  version: number;
}
/** What later events set on a week's row (absent: kept). */
export type WeekChanges = Partial<Pick<WeekRow, 'title' | 'objectives' | 'isPublished' | 'version'>>;
const WEEK_CHANGES = ['title', 'objectives', 'isPublished', 'version'] as const;
export interface TaskRow {
  id: string;
  weekId: string;
  dayNumber: number;
  title: string;
  description: string;
  instructions: string;
  dueAt: string | null;
}
export type CapstoneRow = Omit<TaskRow, 'dayNumber'>;
/** Tasks or capstones: deleted first, then upserted (so one removed and added again in the run is inserted afresh). */
export interface ItemsPlan<R> {
  /** Every id the run removes, even if it adds it again after. */
  removed: string[];
  /** Those there at the end of the run, as it leaves them, with the week of their first insert in the run. */
  upserts: R[];
}
/** What a run leaves, as writes in this order per table. */
export interface ContentPlan {
  /** Weeks the run creates, as it leaves them; `merge`: what the run set after, which a row from before takes (its WeekCreated did nothing). */
  created: { row: WeekRow; merge: (keyof WeekChanges)[] }[];
  /** Weeks the run does not create: what it set on each (one by one, nothing without a row from before). */
  changed: ({ id: string } & WeekChanges)[];
  tasks: ItemsPlan<TaskRow> & {
    /** Tasks the run neither adds nor removes: their last day number (on a row from before, if any). */
    days: Map<string, number>;
  };
  capstones: ItemsPlan<CapstoneRow>;
}

/** The upserts and removals of one table's rows, folded in log order. */
function itemsFold<R extends { id: string; weekId: string }>() {
  const upserts = new Map<string, R>();
  const removed = new Set<string>();
  return {
    upserts,
    removed,
    /** One by one, the second upsert of an id merges into the first one's row and keeps its week. */
    upsert(row: R) {
      const there = upserts.get(row.id);
      upserts.set(row.id, there ? { ...row, weekId: there.weekId } : row);
    },
    remove(id: string) {
      upserts.delete(id);
      removed.add(id);
    },
    plan: (): ItemsPlan<R> => ({ removed: [...removed], upserts: [...upserts.values()] }),
  };
}

/**
 * Folds the events in log order. Null when a week is changed before its WeekCreated in the run (one by
 * one that change hit a row from before the run, or nothing): the caller applies that run one by one.
 */
export function planContent(events: StoredEvent[]): ContentPlan | null {
  const weeksSeen = new Map<string, { created: WeekRow | null; changes: WeekChanges }>();
  const taskFold = itemsFold<TaskRow>();
  const capstoneFold = itemsFold<CapstoneRow>();
  const days = new Map<string, number>();
  const change = (weekId: string, changes: WeekChanges) => {
    const w = weeksSeen.get(weekId);
    if (w) Object.assign(w.changes, changes);
    else weeksSeen.set(weekId, { created: null, changes: { ...changes } });
  };
  for (const e of events) {
    switch (e.type) {
      case LEARNING_EVENTS.WeekCreated: {
        const d = WeekCreatedV1.parse(e);
        const w = weeksSeen.get(d.weekId);
        if (w && !w.created) return null;
        // A second WeekCreated of an id does nothing (ON CONFLICT DO NOTHING): the first one's row is there.
        if (!w) {
          const row: WeekRow = { id: d.weekId, subjectId: d.subjectId, weekNumber: d.weekNumber, title: d.title, objectives: d.objectives, isPublished: false, createdAt: e.metadata.occurredAt, version: e.streamVersion };
          weeksSeen.set(d.weekId, { created: row, changes: {} });
        }
        break;
      }
      case LEARNING_EVENTS.WeekUpdated: {
        const d = e.data as WeekUpdatedData;
        change(d.weekId, { title: d.title, objectives: d.objectives, version: e.streamVersion });
        break;
      }
      case LEARNING_EVENTS.WeekPublished:
      case LEARNING_EVENTS.WeekUnpublished: {
        const d = publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e);
        change(d.weekId, { isPublished: e.type === LEARNING_EVENTS.WeekPublished, version: e.streamVersion });
        break;
      }
      case LEARNING_EVENTS.TaskAdded:
      case LEARNING_EVENTS.TaskUpdated: {
        const d = publishedEventFor([TaskAddedV1, TaskUpdatedV1], e).parse(e);
        // The upsert sets the day, so an earlier reorder of a row from before the run does not show.
        days.delete(d.taskId);
        taskFold.upsert({ id: d.taskId, weekId: d.weekId, dayNumber: d.dayNumber, title: d.title, description: d.description, instructions: d.instructions, dueAt: d.dueAt });
        change(d.weekId, { version: e.streamVersion });
        break;
      }
      case LEARNING_EVENTS.TasksReordered: {
        const d = TasksReorderedV1.parse(e);
        for (const o of d.order) {
          const row = taskFold.upserts.get(o.taskId);
          if (row) row.dayNumber = o.dayNumber;
          // Removed in the run and not added again: no row to update.
          else if (!taskFold.removed.has(o.taskId)) days.set(o.taskId, o.dayNumber);
        }
        change(d.weekId, { version: e.streamVersion });
        break;
      }
      case LEARNING_EVENTS.TaskRemoved: {
        const d = TaskRemovedV1.parse(e);
        days.delete(d.taskId);
        taskFold.remove(d.taskId);
        change(d.weekId, { version: e.streamVersion });
        break;
      }
      case LEARNING_EVENTS.CapstoneSet: {
        const d = CapstoneSetV1.parse(e);
        capstoneFold.upsert({ id: d.capstoneId, weekId: d.weekId, title: d.title, description: d.description, instructions: d.instructions, dueAt: d.dueAt });
        change(d.weekId, { version: e.streamVersion });
        break;
      }
      case LEARNING_EVENTS.CapstoneRemoved: {
        const d = CapstoneRemovedV1.parse(e);
        capstoneFold.remove(d.capstoneId);
        change(d.weekId, { version: e.streamVersion });
        break;
      }
    }
  }
  const plan: ContentPlan = { created: [], changed: [], tasks: { ...taskFold.plan(), days }, capstones: capstoneFold.plan() };
  for (const [id, w] of weeksSeen) {
    if (w.created) plan.created.push({ row: { ...w.created, ...w.changes }, merge: WEEK_CHANGES.filter((k) => k in w.changes) });
    else plan.changed.push({ id, ...w.changes });
  }
  return plan;
}

/** Groups items by a key: one statement per group. */
function groupBy<T, K>(items: Iterable<T>, keyOf: (t: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const t of items) {
    const k = keyOf(t);
    const group = groups.get(k);
    if (group) group.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}

async function writeWeeks(plan: ContentPlan, tx: ProjectionTx): Promise<void> {
  // The rows of one upsert must merge the same columns: one statement per set of columns the run changed
  // (a replay's weeks fall into two or three: tasks and capstone added, published or not).
  for (const group of groupBy(plan.created, (w) => w.merge.join()).values()) {
    const merge = group[0].merge;
    const q = weeks(tx)
      .insert(group.map(({ row }) => ({ ...row, createdAt: instant(row.createdAt) })))
      .onConflict('id');
    await (merge.length ? q.merge(merge) : q.ignore()).execute();
  }
  if (plan.changed.length) {
    const c = plan.changed;
    // Rows from before the run, each with its own version: one UPDATE … FROM unnest through em.getKysely()
    // (MikroORM's QueryBuilder has no UPDATE from a list of rows; by value it is one statement per week).
    // A column no event of the run set comes as NULL and is kept (every one of them is NOT NULL).
    await byIndexLookups(tx, () =>
      sql`UPDATE weeks AS w SET title = coalesce(v.title, w.title), objectives = coalesce(v.objectives, w.objectives),
            is_published = coalesce(v.is_published, w.is_published), version = coalesce(v.version, w.version)
          FROM unnest(${c.map((r) => r.id)}::uuid[], ${c.map((r) => r.title ?? null)}::text[], ${c.map((r) => r.objectives ?? null)}::text[],
                      ${c.map((r) => r.isPublished ?? null)}::bool[], ${c.map((r) => r.version ?? null)}::int[]) AS v(id, title, objectives, is_published, version)
          WHERE w.id = v.id`.execute(tx.em.getKysely()),
    );
  }
}

async function writeTasks(plan: ContentPlan['tasks'], tx: ProjectionTx): Promise<void> {
  if (plan.removed.length) await tasks(tx).delete().where({ id: { $in: plan.removed } }).execute();
  if (plan.upserts.length) {
    await tasks(tx)
      .insert(plan.upserts.map((r) => ({ ...r, dueAt: dateOrNull(r.dueAt) })))
      .onConflict('id')
      .merge([...TASK_MERGE])
      .execute();
  }
  // Day numbers are a handful of values: one UPDATE … WHERE id IN (…) per day.
  for (const [day, ids] of groupBy(plan.days, ([, d]) => d)) await tasks(tx).update({ dayNumber: day }).where({ id: { $in: ids.map(([id]) => id) } }).execute();
}

async function writeCapstones(plan: ContentPlan['capstones'], tx: ProjectionTx): Promise<void> {
  // Removals first: a week's new capstone must not meet the one it replaces on the UNIQUE (week_id).
  if (plan.removed.length) await capstones(tx).delete().where({ id: { $in: plan.removed } }).execute();
  if (plan.upserts.length) {
    await capstones(tx)
      .insert(plan.upserts.map((r) => ({ ...r, dueAt: dateOrNull(r.dueAt) })))
      .onConflict('id')
      .merge([...CAPSTONE_MERGE])
      .execute();
  }
}

// No other handler of the projection writes or reads weeks, tasks or capstones: nothing to flush before.
export const contentSet: SetHandler = foldedSet({
  reference: contentHandlers,
  plan: planContent,
  async write(plan, tx) {
    await writeWeeks(plan, tx);
    await writeTasks(plan.tasks, tx);
    await writeCapstones(plan.capstones, tx);
  },
});
