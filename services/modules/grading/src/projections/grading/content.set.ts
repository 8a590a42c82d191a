// grading's copy of learning's weeks and items (tasks and capstones) a batch at a time (ADR 0035): one
// MikroORM statement per content event before. `planContent` folds a batch's events in log order into
// what applying them one by one (`contentHandlers`, the reference) would leave, and the set handler
// writes that with a few multi-row statements through the QueryBuilder.
import { foldedSet, instant, type EventHandler, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
import {
  CapstoneRemovedV1,
  CapstoneSetV1,
  LEARNING_EVENTS,
  publishedEventFor,
  type TaskData,
  TaskAddedV1,
  TaskRemovedV1,
  TasksReorderedV1,
  TaskUpdatedV1,
  WeekCreatedV1,
  WeekPublishedV1,
  WeekUnpublishedV1,
  type WorkKind,
} from '@academy/contracts';
import { GradingItem } from './item.entity.js';
import { GradingWeek } from './week.entity.js';

const weeks = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingWeek);
const items = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingItem);

/** The columns an item's upsert sets on a row that is there (its kind and week stay). */
const ITEM_MERGE = ['title', 'dayNumber', 'dueAt', 'removed'] as const;

async function upsertItem(kind: 'task' | 'capstone', id: string, d: { weekId: string; title: string; dueAt: string | null; dayNumber?: number }, tx: ProjectionTx) {
  await items(tx)
    .insert({ id, kind, weekId: d.weekId, title: d.title, dayNumber: d.dayNumber ?? null, dueAt: d.dueAt === null ? null : instant(d.dueAt), removed: false })
    .onConflict('id')
    .merge([...ITEM_MERGE])
    .execute();
}
async function upsertTask(d: TaskData, tx: ProjectionTx) {
  await upsertItem('task', d.taskId, d, tx);
}
async function publication(e: StoredEvent, tx: ProjectionTx, published: boolean) {
  const { weekId } = publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e);
  await weeks(tx).update({ isPublished: published }).where({ id: weekId }).execute();
}

/** The events one at a time: what the set handler must equal (and what it falls back to). */
export const contentHandlers: Record<string, EventHandler> = {
  [LEARNING_EVENTS.WeekCreated]: async (e, tx) => {
    const d = WeekCreatedV1.parse(e);
    await weeks(tx).insert({ id: d.weekId, subjectId: d.subjectId, weekNumber: d.weekNumber }).onConflict('id').ignore().execute();
  },
  [LEARNING_EVENTS.WeekPublished]: (e, tx) => publication(e, tx, true),
  [LEARNING_EVENTS.WeekUnpublished]: (e, tx) => publication(e, tx, false),
  [LEARNING_EVENTS.TaskAdded]: (e, tx) => upsertTask(TaskAddedV1.parse(e), tx),
  [LEARNING_EVENTS.TaskUpdated]: (e, tx) => upsertTask(TaskUpdatedV1.parse(e), tx),
  [LEARNING_EVENTS.TasksReordered]: async (e, tx) => {
    for (const o of TasksReorderedV1.parse(e).order) await items(tx).update({ dayNumber: o.dayNumber }).where({ id: o.taskId }).execute();
  },
  [LEARNING_EVENTS.TaskRemoved]: async (e, tx) => {
    await items(tx).update({ removed: true }).where({ id: TaskRemovedV1.parse(e).taskId }).execute();
  },
  [LEARNING_EVENTS.CapstoneSet]: (e, tx) => {
    const d = CapstoneSetV1.parse(e);
    return upsertItem('capstone', d.capstoneId, d, tx);
  },
  [LEARNING_EVENTS.CapstoneRemoved]: async (e, tx) => {
    await items(tx).update({ removed: true }).where({ id: CapstoneRemovedV1.parse(e).capstoneId }).execute();
  },
};

export interface WeekRow {
  id: string;
  subjectId: string;
  weekNumber: number;
  isPublished: boolean;
}
export interface ItemRow {
  id: string;
  kind: WorkKind;
  weekId: string;
  title: string;
  dayNumber: number | null;
  /** ISO, as the event carries it. */
  dueAt: string | null;
  removed: boolean;
}
/** What a run leaves: weeks, then items (an item is never deleted: a removed one keeps its row). */
export interface ContentPlan {
  /** Weeks the run creates, as it leaves them; `published`: a publication came after, which a row from before takes too. */
  created: { row: WeekRow; published: boolean }[];
  /** Weeks the run does not create: the last publication of each (one by one, nothing without a row from before). */
  publications: Map<string, boolean>;
  /** Items the run adds or updates, as it leaves them, with the kind and week of their first upsert in the run. */
  upserts: ItemRow[];
  /** Items the run does not upsert (rows from before, if any): their last day number, and those it removes. */
  days: Map<string, number>;
  removed: Set<string>;
}

/**
 * Folds the events in log order. Null when a week is published or unpublished before its WeekCreated in
 * the run (one by one that hit a row from before the run, or nothing): the caller applies that run one by one.
 */
export function planContent(events: StoredEvent[]): ContentPlan | null {
  const weeksSeen = new Map<string, { created: WeekRow | null; published?: boolean }>();
  const upserts = new Map<string, ItemRow>();
  const days = new Map<string, number>();
  const removed = new Set<string>();
  const upsert = (row: ItemRow) => {
    // The upsert sets the day and `removed`: what the run did to a row from before does not show.
    days.delete(row.id);
    removed.delete(row.id);
    const there = upserts.get(row.id);
    upserts.set(row.id, there ? { ...row, kind: there.kind, weekId: there.weekId } : row);
  };
  const remove = (id: string) => {
    const row = upserts.get(id);
    if (row) row.removed = true;
    else removed.add(id);
  };
  for (const e of events) {
    switch (e.type) {
      case LEARNING_EVENTS.WeekCreated: {
        const d = WeekCreatedV1.parse(e);
        const w = weeksSeen.get(d.weekId);
        if (w && !w.created) return null;
        // A second WeekCreated of an id does nothing (ON CONFLICT DO NOTHING): the first one's row is there.
        if (!w) weeksSeen.set(d.weekId, { created: { id: d.weekId, subjectId: d.subjectId, weekNumber: d.weekNumber, isPublished: false } });
        break;
      }
      case LEARNING_EVENTS.WeekPublished:
      case LEARNING_EVENTS.WeekUnpublished: {
        const { weekId } = publishedEventFor([WeekPublishedV1, WeekUnpublishedV1], e).parse(e);
        const published = e.type === LEARNING_EVENTS.WeekPublished;
        const w = weeksSeen.get(weekId);
        if (w) w.published = published;
        else weeksSeen.set(weekId, { created: null, published });
        break;
      }
      case LEARNING_EVENTS.TaskAdded:
      case LEARNING_EVENTS.TaskUpdated: {
        const d = publishedEventFor([TaskAddedV1, TaskUpdatedV1], e).parse(e);
        upsert({ id: d.taskId, kind: 'task', weekId: d.weekId, title: d.title, dayNumber: d.dayNumber, dueAt: d.dueAt, removed: false });
        break;
      }
      case LEARNING_EVENTS.CapstoneSet: {
        const d = CapstoneSetV1.parse(e);
        upsert({ id: d.capstoneId, kind: 'capstone', weekId: d.weekId, title: d.title, dayNumber: null, dueAt: d.dueAt, removed: false });
        break;
      }
      case LEARNING_EVENTS.TasksReordered:
        for (const o of TasksReorderedV1.parse(e).order) {
          const row = upserts.get(o.taskId);
          if (row) row.dayNumber = o.dayNumber;
          else days.set(o.taskId, o.dayNumber);
        }
        break;
      case LEARNING_EVENTS.TaskRemoved:
        remove(TaskRemovedV1.parse(e).taskId);
        break;
      case LEARNING_EVENTS.CapstoneRemoved:
        remove(CapstoneRemovedV1.parse(e).capstoneId);
        break;
    }
  }
  const plan: ContentPlan = { created: [], publications: new Map(), upserts: [...upserts.values()], days, removed };
  for (const [id, w] of weeksSeen) {
    if (w.created) plan.created.push({ row: { ...w.created, isPublished: w.published ?? false }, published: w.published !== undefined });
    else plan.publications.set(id, w.published!);
  }
  return plan;
}

/** Ids grouped by their value: one UPDATE … WHERE id IN (…) per distinct value (a handful: days, true/false). */
function idsByValue<V>(m: Map<string, V>): Map<V, string[]> {
  const groups = new Map<V, string[]>();
  for (const [id, v] of m) {
    const group = groups.get(v);
    if (group) group.push(id);
    else groups.set(v, [id]);
  }
  return groups;
}

async function writePlan(plan: ContentPlan, tx: ProjectionTx): Promise<void> {
  // The rows of one upsert must merge the same columns: those the run published or unpublished, and the others.
  for (const published of [false, true]) {
    const rows = plan.created.filter((w) => w.published === published).map((w) => w.row);
    if (!rows.length) continue;
    const q = weeks(tx).insert(rows).onConflict('id');
    await (published ? q.merge(['isPublished']) : q.ignore()).execute();
  }
  for (const [published, ids] of idsByValue(plan.publications)) await weeks(tx).update({ isPublished: published }).where({ id: { $in: ids } }).execute();
  if (plan.upserts.length) {
    await items(tx)
      .insert(plan.upserts.map((r) => ({ ...r, dueAt: r.dueAt === null ? null : instant(r.dueAt) })))
      .onConflict('id')
      .merge([...ITEM_MERGE])
      .execute();
  }
  // Rows from before the run (none of them upserted by it): day and `removed` are separate columns, so the order does not matter.
  for (const [day, ids] of idsByValue(plan.days)) await items(tx).update({ dayNumber: day }).where({ id: { $in: ids } }).execute();
  if (plan.removed.size) await items(tx).update({ removed: true }).where({ id: { $in: [...plan.removed] } }).execute();
}

// No other handler of the projection writes or reads weeks or items: nothing to flush before.
export const contentSet: SetHandler = foldedSet({ reference: contentHandlers, plan: planContent, write: writePlan });
