// Step 2 of 'Convert to student' against real Postgres: one conversion request → one account and its
// outcome in one append; the same request handled again (a reactor re-run after a crash) appends
// nothing and keeps the same user id; a taken address or an erased applicant is refused, with no account.
import { loadConfig } from '@academy/backend';
import { createPostgresEventStore, EmailLookup, type EventMetadata, type EventStore } from '@academy/event-store';
import { CONVERSION_EVENTS } from '@academy/contracts';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@academy/testing';
import { accountIdOf, createAccountFromApplication } from './create-account-from-application.reactor.js';
import type { AccountDeps } from './account-from-application.js';

let db: TestDatabase;
let store: EventStore;
let deps: AccountDeps;
const masterKey = Buffer.alloc(32, 21);
const metadata: EventMetadata = { actorId: '00000000-0000-4000-8000-000000000001', actorRole: 'student_admin', correlationId: 'c', causationId: null, occurredAt: '2026-11-24T07:00:00.000Z' };

beforeAll(async () => {
  db = await createTestDatabase('account-from-application');
  store = await createPostgresEventStore({ pool: db.pool, masterKey });
  const config = loadConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), NODE_ENV: 'test', ACADEMY_MASTER_KEY: masterKey.toString('base64'), PUBLIC_URL: 'http://academy.test' });
  deps = { config, lookup: new EmailLookup(masterKey) };
}, 60_000);
afterAll(async () => db?.drop());

/** Admissions' step 1, as the API appends it: the request on the prospect's stream. */
async function request(email: string) {
  const prospectId = crypto.randomUUID();
  const requestId = crypto.randomUUID();
  await store.append(
    `prospect-${prospectId}`,
    [
      {
        type: CONVERSION_EVENTS.ApplicantConversionRequested,
        data: { prospectId, requestId, previousStatus: 'pending', byUserId: metadata.actorId, at: metadata.occurredAt },
        personal: { subjectId: `prospect-${prospectId}`, data: { fullName: 'Lerato Dlamini', email, phone: '+27 71 555 0101' } },
        metadata,
      },
    ],
    'any',
  );
  const [cause] = (await store.readStream(`prospect-${prospectId}`)).slice(-1);
  return { prospectId, requestId, cause };
}
const all = async () => store.readAll(0, 1_000_000);

it('creates the account and the outcome in one append; handled again, it appends nothing (same user, same ids)', async () => {
  const { prospectId, requestId, cause } = await request('Lerato.Convert@Example.com');
  await createAccountFromApplication(store, deps, cause);
  const first = await all();
  const userId = accountIdOf(requestId);
  const user = await store.readStream(`user-${userId}`);
  expect(user.map((e) => e.type)).toEqual(['UserRegistered', 'AccountCredentialsIssued']);
  expect(user[0].personal!.data).toMatchObject({ email: 'lerato.convert@example.com', fullName: 'Lerato Dlamini', phone: '+27 71 555 0101' });
  expect(user[0].metadata).toMatchObject({ actorId: metadata.actorId, causationId: cause.id });
  expect((await store.readStream(`application-account-${requestId}`)).map((e) => [e.type, e.data])).toEqual([[CONVERSION_EVENTS.AccountFromApplicationCreated, { requestId, prospectId, userId }]]);
  // All of it in one append: consecutive positions, nothing between.
  const mine = first.filter((e) => e.position > cause.position);
  expect(mine.map((e) => e.type)).toEqual(['EmailReserved', 'UserRegistered', 'AccountCredentialsIssued', CONVERSION_EVENTS.AccountFromApplicationCreated]);

  await createAccountFromApplication(store, deps, cause); // the reactor again, as after a crash before its checkpoint
  expect((await all()).map((e) => e.id)).toEqual(first.map((e) => e.id));
});

it('refuses an address a live account holds, and an applicant erased before the account was made: no account', async () => {
  const taken = await request('lerato.convert@example.com');
  await createAccountFromApplication(store, deps, taken.cause);
  expect((await store.readStream(`application-account-${taken.requestId}`)).map((e) => e.data)).toEqual([{ requestId: taken.requestId, prospectId: taken.prospectId, reason: 'email_taken' }]);
  expect(await store.readStream(`user-${accountIdOf(taken.requestId)}`)).toEqual([]);

  const gone = await request('someone.else@example.com');
  await store.eraseSubject(`prospect-${gone.prospectId}`);
  const [erased] = await store.readStream(`prospect-${gone.prospectId}`);
  await createAccountFromApplication(store, deps, erased);
  expect((await store.readStream(`application-account-${gone.requestId}`)).map((e) => e.data)).toEqual([{ requestId: gone.requestId, prospectId: gone.prospectId, reason: 'erased' }]);
  expect(await store.readStream(`user-${accountIdOf(gone.requestId)}`)).toEqual([]);
});
