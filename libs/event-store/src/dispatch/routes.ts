// What the dispatcher turns events into: routes per event type, and the pure plan of a batch's jobs.
import type { BulkJobOptions } from 'bullmq';
import type { StoredEvent } from '../port.js';

export interface DispatchRoute {
  queue: string;
  /** BullMQ job name (default: the event type). */
  jobName?: string;
  /** Which events of the type become a job (default: every one), e.g. only a submission whose commit is not pinned yet. */
  when?(event: StoredEvent): boolean;
  /** The job's data (default: `defaultJobData`, which carries no personal data). */
  data?(event: StoredEvent): unknown;
  /** Job options; `jobId` is always the event id. Keep completed jobs (or remove them by age only): a re-add of a removed id is a new job. */
  opts?: Omit<BulkJobOptions, 'jobId'>;
}

export type DispatchRoutes = Record<string, DispatchRoute | DispatchRoute[]>;

export interface DispatchedJob {
  name: string;
  data: unknown;
  opts: BulkJobOptions & { jobId: string };
}

/**
 * What a job carries by default: the event's identity and public data. Personal data stays in the
 * log (encrypted, erasable): the processor reads it back by position when it sends, so an erasure
 * made while the job waited is honoured and Redis never holds it.
 */
export function defaultJobData(e: StoredEvent) {
  return { eventId: e.id, type: e.type, position: e.position, streamId: e.streamId, data: e.data, metadata: e.metadata, hasPersonal: e.personal !== null || e.erased };
}

export function assertRoutes(routes: DispatchRoutes): void {
  for (const [type, r] of Object.entries(routes)) {
    const list = Array.isArray(r) ? r : [r];
    const queues = list.map((x) => x.queue);
    if (new Set(queues).size !== queues.length) throw new Error(`dispatch routes of ${type}: one event → one job per queue (the job id is the event id)`);
    for (const x of list) if (!x.queue || x.queue.includes(':')) throw new Error(`dispatch route of ${type}: bad queue name ${JSON.stringify(x.queue)}`);
  }
}

/** The jobs a batch of events becomes, per queue, in log order (pure). */
export function planJobs(events: StoredEvent[], routes: DispatchRoutes): Map<string, DispatchedJob[]> {
  const byQueue = new Map<string, DispatchedJob[]>();
  for (const e of events) {
    const r = Object.hasOwn(routes, e.type) ? routes[e.type] : undefined;
    if (!r) continue;
    if (e.id.includes(':')) throw new Error(`event ${e.position}: id ${e.id} contains ':' and cannot be a BullMQ job id`);
    for (const route of Array.isArray(r) ? r : [r]) {
      if (route.when && !route.when(e)) continue;
      const jobs = byQueue.get(route.queue) ?? [];
      jobs.push({ name: route.jobName ?? e.type, data: route.data ? route.data(e) : defaultJobData(e), opts: { ...route.opts, jobId: e.id } });
      byQueue.set(route.queue, jobs);
    }
  }
  return byQueue;
}
