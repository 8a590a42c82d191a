// The KurrentDB / EventStoreDB adapter of the EventStore port (ARCHITECTURE.md §4, ADR 0032), on
// @eventstore/db-client. The log is ONE KurrentDB stream: its revisions are the port's dense
// positions, its expected revision is the one ordered append path (optimistic, where Postgres takes
// a lock), and one append to it writes several port streams atomically. Per-stream versions and
// event ids are judged against an in-memory index of the log, caught up before every decision.
// Personal data keys stay in PostgreSQL (core/subject-keys.ts): erasure must destroy them. What it shares
// with every adapter (appends' checks, group append, decoding, verify, subscriptions) is core/log-store.ts.
import { BACKWARDS, END, FORWARDS, type EventStoreDBClient, type ResolvedEvent } from '@eventstore/db-client';
import { allWritable, batchOutcome, type Judgement } from '../core/append-outcome.js';
import type { LogRecord } from '../core/decode.js';
import type { LiveFeed } from '../core/live-subscriptions.js';
import { LogStore, type LogStoreOptions } from '../core/log-store.js';
import type { PreparedAppend } from '../core/prepare.js';
import { VERIFY_BATCH, type ChainSource } from '../core/verify-chain.js';
import type { AppendResult, ChainHead, StoredEvent } from '../port.js';
import { GENESIS_HASH } from '../postgres/schema.js';
import { followLog } from './live-feed.js';
import { judgeGroup, LogIndex } from './log-index.js';
import { EventStoreUnavailableError, expectedLogRevision, fromRecorded, isStreamNotFound, isWrongExpectedVersion, mapClientError, revisionOf, toEventData } from './mapping.js';

export interface KurrentEventStoreOptions extends LogStoreOptions {
  /** The caller's client (EventStoreDBClient.connectionString(EVENTSTORE_URL)); not disposed by close(). */
  client: EventStoreDBClient;
  /** The KurrentDB stream holding the log (default 'academy-log'); no other writer may use it. */
  stream?: string;
}

const READ_BATCH = 4096;
/** Rounds of "the log moved: catch up, judge again" before an append gives up (transient). */
const MAX_LOG_RACES = 200;

export class KurrentEventStore extends LogStore {
  readonly stream: string;
  private readonly client: EventStoreDBClient;
  private readonly index = new LogIndex();
  /** Catch-ups run one after the other: the index is only ever extended at its head. */
  private catchUpChain: Promise<void> = Promise.resolve();

  constructor(options: KurrentEventStoreOptions) {
    super(options);
    this.stream = options.stream ?? 'academy-log';
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(this.stream)) throw new Error(`invalid KurrentDB log stream name: ${JSON.stringify(this.stream)}`);
    this.client = options.client;
  }

  // ---------------------------------------------------------------- the log, read

  /** Up to `maxCount` records from `position` on, in order; [] past the end or for an empty log. */
  private async readLog(position: number, maxCount: number, direction: typeof FORWARDS | typeof BACKWARDS = FORWARDS): Promise<LogRecord[]> {
    const out: LogRecord[] = [];
    try {
      const read = this.client.readStream(this.stream, { fromRevision: position === 0 && direction === BACKWARDS ? END : revisionOf(position), maxCount, direction });
      for await (const resolved of read as AsyncIterable<ResolvedEvent>) {
        if (resolved.event) out.push(fromRecorded(resolved.event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw mapClientError(error);
    }
    return out;
  }

  /** Extends the index with whatever the log holds past its head (several processes append). */
  private catchUp(): Promise<void> {
    const run = this.catchUpChain.then(async () => {
      for (;;) {
        const records = await this.readLog(this.index.head + 1, READ_BATCH);
        for (const r of records) this.index.add({ position: r.position, streamId: r.streamId, streamVersion: r.streamVersion, eventId: r.eventId, hash: r.hash });
        if (records.length < READ_BATCH) return;
      }
    });
    this.catchUpChain = run.catch(() => {});
    return run;
  }

  async readStream(streamId: string, fromVersion = 0): Promise<StoredEvent[]> {
    await this.catchUp();
    const positions = this.index.positions(streamId, fromVersion);
    // Runs of consecutive positions are one read each (a stream written in one append is one run).
    const runs: [number, number][] = [];
    for (const p of positions) {
      const last = runs[runs.length - 1];
      if (last && last[0] + last[1] === p) last[1]++;
      else runs.push([p, 1]);
    }
    const records = (await Promise.all(runs.map(([from, count]) => this.readLog(from, count)))).flat();
    return this.decode(records.filter((r) => r.streamId === streamId));
  }

  async readAll(fromPosition: number, limit: number): Promise<StoredEvent[]> {
    if (limit <= 0) return [];
    // One stream's revisions: committed in order, so a reader never sees n + 1 before n (no late commits).
    return this.decode(await this.readLog(Math.max(0, fromPosition) + 1, limit));
  }

  async headPosition(): Promise<number> {
    return (await this.head()).position;
  }

  async head(): Promise<ChainHead> {
    const [last] = await this.readLog(0, 1, BACKWARDS);
    return last ? { position: last.position, hash: last.hash } : { position: 0, hash: GENESIS_HASH };
  }

  // ---------------------------------------------------------------- the log, appended

  /**
   * Judges `group` on the caught-up index and, when `write` allows it, appends the links of its 'ok'
   * appends in ONE append to the log, expecting the revision the judgement was made on. Another
   * process appending first moves the log: catch up and judge again (its events may be our retry).
   */
  private async commit(group: PreparedAppend[], write: (judgements: Judgement[]) => boolean): Promise<Judgement[]> {
    for (let race = 0; race < MAX_LOG_RACES; race++) {
      await this.catchUp();
      const head = this.index.head;
      const { judgements, links } = judgeGroup(this.index, group);
      if (links.length === 0 || !write(judgements)) return judgements;
      try {
        await this.client.appendToStream(this.stream, links.map(toEventData), { expectedRevision: expectedLogRevision(head) });
        return judgements;
      } catch (error) {
        if (isWrongExpectedVersion(error)) continue;
        throw mapClientError(error);
      }
    }
    throw new EventStoreUnavailableError(`KurrentDB connection error: the log kept moving for ${MAX_LOG_RACES} rounds, try again`);
  }

  /** Group append, as in the Postgres adapter: appends queued meanwhile go in the next log append, each judged on its own. */
  protected writeGroup(group: PreparedAppend[]): Promise<Judgement[]> {
    return this.commit(group, () => true);
  }

  /** All or nothing: the streams' events go in one append to the log, or none does. */
  protected async writeBatch(group: PreparedAppend[]): Promise<AppendResult[]> {
    return batchOutcome(group, await this.commit(group, allWritable));
  }

  // ---------------------------------------------------------------- tamper evidence and wake-ups

  protected chainSource(): ChainSource {
    return {
      linksFrom: (from) => this.readLog(from, VERIFY_BATCH),
      headPosition: () => this.headPosition(),
      hashAt: async (position) => (await this.readLog(position, 1)).find((r) => r.position === position)?.hash,
    };
  }

  /** One live KurrentDB subscription per store wakes its subscriptions. */
  protected openFeed(wake: (position: number) => void, dropped: () => void): Promise<LiveFeed> {
    return followLog(this.client, this.stream, wake, dropped);
  }
}

/** Builds the adapter and creates the subject-key table; the index is read from the log on first use. */
export async function createKurrentEventStore(options: KurrentEventStoreOptions): Promise<KurrentEventStore> {
  const store = new KurrentEventStore(options);
  await store.migrate();
  return store;
}
