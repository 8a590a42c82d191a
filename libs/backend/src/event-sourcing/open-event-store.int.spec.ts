// EVENTSTORE_URL selects the adapter (ADR 0032). There is no KurrentDB server here: pointed at a port
// nobody listens on, the real client's refusal must come out as the outage the rest of the system
// retries (EventStoreUnavailableError), not as a crash or a silent fallback to PostgreSQL.
import net from 'node:net';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { isDatabaseUnavailable, isTransientError, PostgresEventStore } from '@academy/event-store';
import { EventStoreUnavailableError, KurrentEventStore } from '@academy/event-store/kurrent';
import { openEventStore } from './open-event-store.js';

let db: TestDatabase;
const masterKey = Buffer.alloc(32, 7);
const metadata = { actorId: null, actorRole: null, correlationId: 'c-1', causationId: null, occurredAt: '2026-11-24T10:00:00.000Z' };

/** A local port with nothing listening on it (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  db = await createTestDatabase('open_event_store');
});
afterAll(() => db?.drop());

it('keeps the log in PostgreSQL when EVENTSTORE_URL is not set', async () => {
  const opened = await openEventStore({ EVENTSTORE_URL: undefined }, { pool: db.pool, masterKey });
  try {
    expect(opened.adapter).toBe('postgres');
    expect(opened.store).toBeInstanceOf(PostgresEventStore);
  } finally {
    await opened.close();
  }
});

it('uses KurrentDB when EVENTSTORE_URL is set, with the subject keys in PostgreSQL; an unreachable server is a transient outage', async () => {
  const opened = await openEventStore({ EVENTSTORE_URL: `esdb://127.0.0.1:${await closedPort()}?tls=false` }, { pool: db.pool, masterKey });
  try {
    expect(opened.adapter).toBe('kurrentdb');
    expect(opened.store).toBeInstanceOf(KurrentEventStore);
    const { rows } = await db.pool.query(`SELECT to_regclass('event_store.subject_keys') IS NOT NULL AS keys`);
    expect(rows[0].keys).toBe(true);

    const read = await opened.store.headPosition().catch((e: unknown) => e);
    expect(read).toBeInstanceOf(EventStoreUnavailableError);
    expect(String((read as Error).message)).toMatch(/KurrentDB connection error \(unavailable\)/);
    expect(isDatabaseUnavailable(read)).toBe(true);
    expect(isTransientError(read)).toBe(true);

    const append = await opened.store.append('course-1', [{ type: 'CourseCreated', data: { title: 'TS' }, metadata }], 0).catch((e: unknown) => e);
    expect(append).toBeInstanceOf(EventStoreUnavailableError);
    // Not written to PostgreSQL behind the caller's back either.
    expect((await db.pool.query('SELECT count(*)::int AS n FROM event_store.events')).rows[0].n).toBe(0);
  } finally {
    await opened.close();
  }
});
