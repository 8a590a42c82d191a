// The promises of the EventStore port as one jest suite that every adapter runs (ARCHITECTURE.md §4).
// Adapter-specific powers come in through the factory: options it honours (upcasters, a hook inside
// the append transaction) and, optionally, ways to tamper with its storage.
//
// Uses jest's global describe/it/expect on purpose: importing '@jest/globals' here would make every
// production import of this package load jest.
import { randomUUID } from 'node:crypto';
import {
  ConcurrencyError,
  EventIdConflictError,
  SubjectErasedError,
  UnstorableEventError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type Upcasters,
} from '../port.js';

export interface ContractStoreOptions {
  upcasters?: Upcasters;
  /** Runs inside each append transaction, after its writes, before commit. */
  beforeCommit?: () => Promise<void>;
}

/** Ways to damage the adapter's storage behind its back (bypassing any append-only guard). */
export interface TamperHooks {
  /** Changes one byte of the stored event at `position` (its payload). */
  changeByte(position: number): Promise<void>;
  deleteEvent(position: number): Promise<void>;
  /** Exchanges the places of two stored events in the log. */
  swapEvents(a: number, b: number): Promise<void>;
  /** Everything the adapter has stored, as text, to scan for plaintext personal data. */
  dumpStorage(): Promise<string>;
}

export interface ContractHarness {
  /** A store over fresh, empty storage. */
  store: EventStore;
  /** A second store over the SAME storage, with other options; closed by cleanup. */
  reopen(options: ContractStoreOptions): Promise<EventStore>;
  tamper?: TamperHooks;
  cleanup(): Promise<void>;
}

export interface ContractCapabilities {
  /** The adapter honours ContractStoreOptions.beforeCommit (needed by the late-commit test). */
  beforeCommit?: boolean;
}

export type MakeContractStore = (options?: ContractStoreOptions) => Promise<ContractHarness>;

const now = () => new Date().toISOString();

export function newEvent(type: string, data: unknown, extra: Partial<NewEvent> = {}): NewEvent {
  return {
    type,
    data,
    ...extra,
    metadata: { actorId: 'user-1', actorRole: 'admin', correlationId: randomUUID(), causationId: null, occurredAt: now(), ...extra.metadata },
  };
}

async function withStore<T>(make: MakeContractStore, run: (h: ContractHarness) => Promise<T>, options?: ContractStoreOptions): Promise<T> {
  const h = await make(options);
  try {
    return await run(h);
  } finally {
    await h.cleanup();
  }
}

function positions(events: StoredEvent[]): number[] {
  return events.map((e) => e.position);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Collects what a subscription delivers. */
function collector() {
  const seen: StoredEvent[] = [];
  const batches: number[] = [];
  return {
    seen,
    batches,
    handle: async (events: StoredEvent[]) => {
      batches.push(events.length);
      seen.push(...events);
    },
  };
}

export function eventStoreContract(name: string, make: MakeContractStore, capabilities: ContractCapabilities = {}): void {
  describe(`EventStore contract: ${name}`, () => {
    describe('append and read', () => {
      it('appends a batch atomically and reads it back with every piece of metadata', async () => {
        await withStore(make, async ({ store }) => {
          const id = randomUUID();
          const correlationId = randomUUID();
          const result = await store.append(
            'course-1',
            [
              newEvent('CourseCreated', { title: 'TS' }, {
                id,
                schemaVersion: 3,
                metadata: { actorId: 'u-9', actorRole: 'teacher', correlationId, causationId: 'c-1', occurredAt: '2026-01-02T03:04:05.678Z' },
              }),
              newEvent('WeekPublished', { week: 1 }),
            ],
            0,
          );
          expect(result).toEqual({ lastPosition: 2, streamVersion: 2 });
          const events = await store.readStream('course-1');
          expect(events.map((e) => [e.position, e.streamVersion, e.type])).toEqual([[1, 1, 'CourseCreated'], [2, 2, 'WeekPublished']]);
          expect(events[0]).toMatchObject({
            id,
            streamId: 'course-1',
            schemaVersion: 3,
            data: { title: 'TS' },
            personal: null,
            erased: false,
            metadata: { actorId: 'u-9', actorRole: 'teacher', correlationId, causationId: 'c-1', occurredAt: '2026-01-02T03:04:05.678Z' },
          });
          expect(events[1].schemaVersion).toBe(1);
          expect(events[1].id).toMatch(/^[0-9a-f-]{36}$/);
          expect(Number.isNaN(Date.parse(events[0].recordedAt))).toBe(false);
          expect(events[0].hash).toMatch(/^[0-9a-f]{64}$/);
        });
      });

      it('keeps one total, gap-free order over all streams; readAll pages through it', async () => {
        await withStore(make, async ({ store }) => {
          for (let i = 0; i < 6; i++) await store.append(`s-${i % 3}`, [newEvent('Ticked', { i }), newEvent('Tocked', { i })], 'any');
          expect(await store.headPosition()).toBe(12);
          const all = await store.readAll(0, 100);
          expect(positions(all)).toEqual(range(1, 12));
          expect(all.map((e) => (e.data as { i: number }).i)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
          expect(positions(await store.readAll(4, 3))).toEqual([5, 6, 7]);
          expect(await store.readAll(12, 10)).toEqual([]);
          expect((await store.readStream('s-1')).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
          expect((await store.readStream('s-1', 2)).map((e) => e.streamVersion)).toEqual([3, 4]);
          expect(await store.readStream('nope')).toEqual([]);
        });
      });
    });

    describe('unstorable text (the last line of defence, issue 13)', () => {
      it('refuses NUL, lone surrogates, control characters and prototype keys anywhere in an event with UnstorableEventError naming the path, writing nothing', async () => {
        await withStore(make, async ({ store }) => {
          await store.append('ok-1', [newEvent('Fine', { text: 'tab\tnew\nline\r\n emoji \u{1F600}' })], 0);
          const bad: [string, NewEvent, string][] = [
            ['s-1', newEvent('X', { name: 'a\u0000b' }), 'data.name'],
            ['s-1', newEvent('X', { weeks: [{ title: 'ok' }, { title: 'x\ud800y' }] }), 'data.weeks.1.title'],
            ['s-1', newEvent('X', { note: 'x\udc00' }), 'data.note'],
            ['s-1', newEvent('X', { bell: 'ding\u0007' }), 'data.bell'],
            ['s-1', newEvent('X', { ['k\u0000']: 1 }), 'data.k\u0000'],
            ['s-1', newEvent('X', JSON.parse('{"a":{"__proto__":{"admin":true}}}')), 'data.a.__proto__'],
            ['s-1', newEvent('X', { constructor: 'x' }), 'data.constructor'],
            ['s-1', newEvent('X', {}, { personal: { subjectId: 'p-1', data: { fullName: 'a\u0000' } } }), 'personal.data.fullName'],
            ['s-1', newEvent('X', {}, { metadata: { actorRole: 'ad\u0000min' } as NewEvent['metadata'] }), 'metadata.actorRole'],
            ['s-1', newEvent('X\u0000', {}), 'type'],
            ['s\u0000', newEvent('X', {}), 'streamId'],
          ];
          for (const [stream, event, path] of bad) {
            const error = await store.append(stream, [newEvent('Fine', {}), event], 'any').catch((e: unknown) => e);
            expect(error).toBeInstanceOf(UnstorableEventError);
            expect((error as UnstorableEventError).path).toBe(path);
            const many = await store.appendMany([{ streamId: 'other', events: [newEvent('Fine', {})], expectedVersion: 'any' }, { streamId: stream, events: [event], expectedVersion: 'any' }]).catch((e: unknown) => e);
            expect(many).toBeInstanceOf(UnstorableEventError);
          }
          expect(await store.headPosition()).toBe(1);
          expect(await store.readStream('s-1')).toEqual([]);
          // The log stays usable: the next good append and every read work.
          expect(await store.append('ok-1', [newEvent('Fine', {})], 1)).toEqual({ lastPosition: 2, streamVersion: 2 });
          expect((await store.readAll(0, 10)).map((e) => e.data)).toEqual([{ text: 'tab\tnew\nline\r\n emoji \u{1F600}' }, {}]);
        });
      });
    });

    describe('optimistic concurrency', () => {
      it('creates with expected 0, refuses a stale expected version with ConcurrencyError and writes nothing', async () => {
        await withStore(make, async ({ store }) => {
          await store.append('enrollment-1', [newEvent('StudentEnrolled', {})], 0);
          const error = await store.append('enrollment-1', [newEvent('StudentEnrolled', {})], 0).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(ConcurrencyError);
          expect(error).toMatchObject({ streamId: 'enrollment-1', expectedVersion: 0, actualVersion: 1 });
          await expect(store.append('enrollment-1', [newEvent('X', {})], 5)).rejects.toBeInstanceOf(ConcurrencyError);
          await expect(store.append('enrollment-2', [newEvent('X', {})], 1)).rejects.toBeInstanceOf(ConcurrencyError);
          expect(await store.headPosition()).toBe(1);
          expect(await store.append('enrollment-1', [newEvent('EnrollmentStatusChanged', {})], 1)).toEqual({ lastPosition: 2, streamVersion: 2 });
          expect(await store.append('enrollment-1', [newEvent('EnrollmentStatusChanged', {})], 'any')).toEqual({ lastPosition: 3, streamVersion: 3 });
        });
      });

      it('lets exactly one of many concurrent appends with the same expected version win', async () => {
        await withStore(make, async ({ store }) => {
          await store.append('cart-1', [newEvent('Opened', {})], 0);
          const outcomes = await Promise.allSettled(range(1, 10).map((i) => store.append('cart-1', [newEvent('Added', { i })], 1)));
          const won = outcomes.filter((o) => o.status === 'fulfilled');
          const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(9);
          for (const e of lost) expect(e).toBeInstanceOf(ConcurrencyError);
          expect((await store.readStream('cart-1')).map((e) => e.streamVersion)).toEqual([1, 2]);
        });
      });
    });

    describe('atomic multi-stream append (appendMany)', () => {
      it('writes every stream or none: one stale expected version rolls the whole batch back', async () => {
        await withStore(make, async ({ store }) => {
          await store.append('seat-1', [newEvent('SeatClaimed', {})], 0);
          const stale = await store
            .appendMany([
              { streamId: 'enr-a', events: [newEvent('StudentEnrolled', { n: 1 })], expectedVersion: 0 },
              { streamId: 'seat-1', events: [newEvent('SeatClaimed', {})], expectedVersion: 0 },
              { streamId: 'enr-b', events: [newEvent('StudentEnrolled', { n: 2 })], expectedVersion: 0 },
            ])
            .catch((e: unknown) => e);
          expect(stale).toBeInstanceOf(ConcurrencyError);
          expect(stale).toMatchObject({ streamId: 'seat-1', expectedVersion: 0, actualVersion: 1 });
          expect(await store.headPosition()).toBe(1);
          expect(await store.readStream('enr-a')).toEqual([]);

          const batch = [
            { streamId: 'enr-a', events: [newEvent('StudentEnrolled', { n: 1 }, { id: randomUUID() })], expectedVersion: 0 },
            { streamId: 'seat-1', events: [newEvent('SeatClaimed', {}, { id: randomUUID() }), newEvent('SeatClaimed', {}, { id: randomUUID() })], expectedVersion: 1 },
          ];
          const results = await store.appendMany(batch);
          expect(results).toEqual([
            { lastPosition: 2, streamVersion: 1 },
            { lastPosition: 4, streamVersion: 3 },
          ]);
          // A retry of the same batch is answered with the original results and writes nothing.
          expect(await store.appendMany(batch)).toEqual(results);
          expect((await store.readAll(0, 100)).map((e) => `${e.position}:${e.streamId}@${e.streamVersion}`)).toEqual(['1:seat-1@1', '2:enr-a@1', '3:seat-1@2', '4:seat-1@3']);
          expect((await store.verify()).ok).toBe(true);
        });
      });

      it('lets one of many concurrent batches sharing a stream win, and interleaves safely with single appends', async () => {
        await withStore(make, async ({ store }) => {
          const outcomes = await Promise.allSettled(
            range(1, 8).map((i) =>
              store.appendMany([
                { streamId: `own-${i}`, events: [newEvent('X', { i })], expectedVersion: 0 },
                { streamId: 'counter', events: [newEvent('Next', { i })], expectedVersion: 0 },
              ]),
            ),
          );
          const singles = await Promise.all(range(1, 5).map((i) => store.append(`single-${i}`, [newEvent('Y', { i })], 0)));
          expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
          for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConcurrencyError);
          expect(singles).toHaveLength(5);
          const all = await store.readAll(0, 100);
          expect(positions(all)).toEqual(range(1, 7));
          expect(all.filter((e) => e.type === 'X')).toHaveLength(1);
        });
      });
    });

    describe('idempotency by event id', () => {
      it('answers a retried append with the original result and does not double it, even after the stream moved', async () => {
        await withStore(make, async ({ store }) => {
          await store.append('other', [newEvent('Noise', {})], 'any');
          const batch = [newEvent('A', { n: 1 }, { id: randomUUID() }), newEvent('B', { n: 2 }, { id: randomUUID() })];
          const first = await store.append('retry-1', batch, 0);
          expect(first).toEqual({ lastPosition: 3, streamVersion: 2 });
          expect(await store.append('retry-1', batch, 0)).toEqual(first);
          await store.append('retry-1', [newEvent('C', {})], 2);
          expect(await store.append('retry-1', batch, 0)).toEqual(first);
          expect(await store.append('retry-1', batch, 'any')).toEqual(first);
          const ids = (await store.readAll(0, 100)).map((e) => e.id);
          expect(ids).toHaveLength(4);
          expect(new Set(ids).size).toBe(4);
        });
      });

      it('refuses a partly-new batch or ids stored in another stream with EventIdConflictError, writing nothing', async () => {
        await withStore(make, async ({ store }) => {
          const a = newEvent('A', {}, { id: randomUUID() });
          await store.append('ids-1', [a], 0);
          const partly = store.append('ids-1', [a, newEvent('B', {})], 0).catch((e: unknown) => e);
          expect(await partly).toBeInstanceOf(EventIdConflictError);
          expect(await partly).toMatchObject({ conflictingIds: [a.id] });
          await expect(store.append('ids-2', [a], 'any')).rejects.toBeInstanceOf(EventIdConflictError);
          await expect(store.append('ids-3', [a, { ...a }], 'any')).rejects.toThrow(/same event id twice/);
          expect(await store.headPosition()).toBe(1);
        });
      });
    });

    describe('subscriptions', () => {
      it('catches up, then delivers live appends, each once and in order', async () => {
        await withStore(make, async ({ store }) => {
          for (let i = 1; i <= 5; i++) await store.append('live', [newEvent('N', { i })], 'any');
          const c = collector();
          const sub = store.subscribe({ fromPosition: 0, batchSize: 2, handle: c.handle });
          try {
            expect(await sub.waitFor(5, 10_000)).toBe(true);
            for (let i = 6; i <= 9; i++) await store.append(`live-${i % 2}`, [newEvent('N', { i })], 'any');
            const last = await store.append('live', [newEvent('N', { i: 10 }), newEvent('N', { i: 11 })], 'any');
            expect(await sub.waitFor(last.lastPosition, 10_000)).toBe(true);
            expect(positions(c.seen)).toEqual(range(1, 11));
            expect(c.seen.map((e) => (e.data as { i: number }).i)).toEqual(range(1, 11));
            expect(Math.max(...c.batches)).toBeLessThanOrEqual(2);
          } finally {
            await sub.stop();
          }
        });
      });

      it('starts after fromPosition; waitFor answers false on timeout; stop() ends delivery', async () => {
        await withStore(make, async ({ store }) => {
          for (let i = 1; i <= 4; i++) await store.append('from', [newEvent('N', { i })], 'any');
          const c = collector();
          const sub = store.subscribe({ fromPosition: 2, handle: c.handle });
          expect(await sub.waitFor(4, 10_000)).toBe(true);
          expect(await sub.waitFor(5, 150)).toBe(false);
          await sub.stop();
          await store.append('from', [newEvent('N', { i: 5 })], 'any');
          await new Promise((r) => setTimeout(r, 300));
          expect(positions(c.seen)).toEqual([3, 4]);
        });
      });

      it('retries a failing handler with the same batch: nothing skipped, nothing doubled', async () => {
        await withStore(make, async ({ store }) => {
          await store.append('flaky', [newEvent('N', { i: 1 }), newEvent('N', { i: 2 }), newEvent('N', { i: 3 })], 0);
          const handled: number[] = [];
          const errors: unknown[] = [];
          let failures = 2;
          const sub = store.subscribe({
            fromPosition: 0,
            batchSize: 2,
            handle: async (events) => {
              if (events[0].position === 3 && failures-- > 0) throw new Error('projection down');
              handled.push(...positions(events));
            },
            onError: (e) => errors.push(e),
          });
          try {
            expect(await sub.waitFor(3, 15_000)).toBe(true);
            expect(handled).toEqual([1, 2, 3]);
            expect(errors).toHaveLength(2);
          } finally {
            await sub.stop();
          }
        });
      });
    });

    describe('schema versions', () => {
      it('upcasts old versions on read and never rewrites what is stored', async () => {
        const upcasters: Upcasters = {
          StudentEnrolled: {
            1: (d: { name: string }) => ({ fullName: d.name }),
            2: (d: { fullName: string }) => ({ fullName: d.fullName, cohort: 'unknown' }),
          },
        };
        await withStore(make, async (h) => {
          await h.store.append('st-1', [newEvent('StudentEnrolled', { name: 'x' }, { schemaVersion: 1 })], 0);
          await h.store.append('st-1', [newEvent('StudentEnrolled', { fullName: 'y' }, { schemaVersion: 2 })], 1);
          await h.store.append('st-1', [newEvent('StudentEnrolled', { fullName: 'z', cohort: 'A' }, { schemaVersion: 3 })], 2);
          const read = await h.store.readStream('st-1');
          expect(read.map((e) => [e.schemaVersion, e.data])).toEqual([
            [3, { fullName: 'x', cohort: 'unknown' }],
            [3, { fullName: 'y', cohort: 'unknown' }],
            [3, { fullName: 'z', cohort: 'A' }],
          ]);
          expect((await h.store.readAll(0, 1))[0].data).toEqual({ fullName: 'x', cohort: 'unknown' });
          const raw = await h.reopen({});
          expect((await raw.readStream('st-1')).map((e) => [e.schemaVersion, e.data])).toEqual([
            [1, { name: 'x' }],
            [2, { fullName: 'y' }],
            [3, { fullName: 'z', cohort: 'A' }],
          ]);
          expect((await h.store.verify()).ok).toBe(true);
        }, { upcasters });
      });
    });

    if (capabilities.beforeCommit) {
      describe('late commits', () => {
        it('never lets a reader skip an event whose append commits after a later one was attempted', async () => {
          let hold: Promise<void> | null = null;
          let entered!: () => void;
          const inside = new Promise<void>((r) => (entered = r));
          const beforeCommit = async () => {
            const h = hold;
            hold = null;
            if (h) {
              entered();
              await h;
            }
          };
          await withStore(make, async ({ store, reopen }) => {
            // The competing append comes from another store object, as from another process.
            const other = await reopen({});
            await store.append('base', [newEvent('N', {})], 'any');
            const c = collector();
            const sub = store.subscribe({ fromPosition: 0, handle: c.handle });
            let release!: () => void;
            hold = new Promise<void>((r) => (release = r));
            const slow = store.append('slow', [newEvent('Slow', {})], 'any');
            await inside;
            const fast = other.append('fast', [newEvent('Fast', {})], 'any');
            await new Promise((r) => setTimeout(r, 300));
            // While the first append is still open, nothing after position 1 may be visible.
            const during = await store.readAll(0, 10);
            expect(positions(during)).toEqual(range(1, during.length));
            expect(during.map((e) => e.type)).not.toContain('Fast');
            release();
            const [s, f] = await Promise.all([slow, fast]);
            expect(await sub.waitFor(Math.max(s.lastPosition, f.lastPosition), 10_000)).toBe(true);
            await sub.stop();
            expect(positions(c.seen)).toEqual([1, 2, 3]);
            expect(c.seen.map((e) => e.type)).toEqual(['N', 'Slow', 'Fast']);
          }, { beforeCommit });
        });
      });
    }

    describe('tamper evidence', () => {
      async function seed(store: EventStore) {
        for (let i = 1; i <= 6; i++) {
          await store.append(`grade-${i % 2}`, [newEvent('SubmissionGraded', { submission: `sub-${i}`, score: 70 + i })], 'any');
        }
      }

      it('verifies an untouched log and exports its head', async () => {
        await withStore(make, async ({ store }) => {
          expect(await store.verify()).toMatchObject({ ok: true, checked: 0, head: { position: 0 } });
          await seed(store);
          const head = await store.head();
          expect(head.position).toBe(6);
          expect(head.hash).toBe((await store.readAll(5, 1))[0].hash);
          expect(await store.verify()).toEqual({ ok: true, checked: 6, head });
          expect(await store.verify({ expectedHead: head })).toEqual({ ok: true, checked: 6, head });
        });
      });

      const tamperCases: [string, (t: TamperHooks) => Promise<void>, number, RegExp][] = [
        ['a changed byte', (t) => t.changeByte(4), 4, /hash mismatch/],
        ['a deleted event', (t) => t.deleteEvent(3), 3, /position gap: expected 3 found 4/],
        ['two swapped events', (t) => t.swapEvents(2, 5), 2, /does not link|mismatch/],
      ];
      it.each(tamperCases)('names the first bad position after %s', async (_what, damage, position, reason) => {
        await withStore(make, async (h) => {
          if (!h.tamper) return;
          await seed(h.store);
          expect((await h.store.verify()).ok).toBe(true);
          await damage(h.tamper);
          const result = await h.store.verify();
          expect(result).toMatchObject({ ok: false, position });
          expect(result.ok === false && result.reason).toMatch(reason);
        });
      });

      it('detects events cut off the end of the log with the head exported earlier', async () => {
        await withStore(make, async (h) => {
          if (!h.tamper) return;
          await seed(h.store);
          const head = await h.store.head();
          await h.tamper.deleteEvent(6);
          expect((await h.store.verify()).ok).toBe(true);
          expect(await h.store.verify({ expectedHead: head })).toMatchObject({ ok: false, position: 6 });
        });
      });
    });

    describe('personal data (crypto-shredding)', () => {
      const alice = { name: 'Alice Mokoena', email: 'alice.mokoena@example.org', phone: '+27 82 555 0199' };
      const bob = { name: 'Bob Dube', email: 'bob.dube@example.org' };

      async function seed(store: EventStore, aliceId: string, bobId: string) {
        await store.append(`user-${aliceId}`, [newEvent('ApplicationSubmitted', { program: 'web' }, { personal: { subjectId: aliceId, data: alice } })], 0);
        await store.append(`user-${bobId}`, [newEvent('ApplicationSubmitted', { program: 'data' }, { personal: { subjectId: bobId, data: bob } })], 0);
        await store.append(`user-${aliceId}`, [newEvent('ProfileCompleted', { step: 2 }, { personal: { subjectId: aliceId, data: { city: 'Bulawayo' } } })], 1);
      }

      it('round-trips personal data and never stores it in plaintext', async () => {
        await withStore(make, async (h) => {
          const [a, b] = [randomUUID(), randomUUID()];
          await seed(h.store, a, b);
          const all = await h.store.readAll(0, 10);
          expect(all.map((e) => [e.personal, e.erased])).toEqual([
            [{ subjectId: a, data: alice }, false],
            [{ subjectId: b, data: bob }, false],
            [{ subjectId: a, data: { city: 'Bulawayo' } }, false],
          ]);
          if (h.tamper) {
            const dump = await h.tamper.dumpStorage();
            expect(dump).toContain(a); // the dump really holds the log…
            for (const secret of [alice.name, alice.email, alice.phone, bob.email, 'Bulawayo', 'Mokoena']) expect(dump).not.toContain(secret);
          }
        });
      });

      it('after eraseSubject every read shows the subject erased, others intact, and verify still passes', async () => {
        await withStore(make, async (h) => {
          const [a, b] = [randomUUID(), randomUUID()];
          await seed(h.store, a, b);
          const headBefore = await h.store.head();
          await h.store.eraseSubject(a);
          await h.store.eraseSubject(a); // idempotent
          const all = await h.store.readAll(0, 10);
          expect(all.map((e) => [e.personal, e.erased])).toEqual([
            [null, true],
            [{ subjectId: b, data: bob }, false],
            [null, true],
          ]);
          expect(all[0].data).toEqual({ program: 'web' });
          expect((await h.store.readStream(`user-${a}`)).every((e) => e.erased && e.personal === null)).toBe(true);
          const reopened = await h.reopen({});
          expect((await reopened.readAll(0, 10)).map((e) => e.erased)).toEqual([true, false, true]);
          const c = collector();
          const sub = h.store.subscribe({ fromPosition: 0, handle: c.handle });
          expect(await sub.waitFor(3, 10_000)).toBe(true);
          await sub.stop();
          expect(c.seen.map((e) => e.erased)).toEqual([true, false, true]);
          expect(await h.store.verify({ expectedHead: headBefore })).toEqual({ ok: true, checked: 3, head: headBefore });
          await expect(
            h.store.append(`user-${a}`, [newEvent('ProfileCompleted', {}, { personal: { subjectId: a, data: alice } })], 'any'),
          ).rejects.toBeInstanceOf(SubjectErasedError);
          if (h.tamper) {
            const dump = await h.tamper.dumpStorage();
            for (const secret of [alice.name, alice.email, 'Bulawayo']) expect(dump).not.toContain(secret);
          }
        });
      });
    });
  });
}
