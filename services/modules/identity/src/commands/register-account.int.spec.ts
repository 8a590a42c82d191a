// The address claim and the account as ONE append (runCommand → appendMany, ADR 0006), on the real
// Postgres adapter: what replaced email-claims' two appends and their repair path.
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@academy/backend';
import { DomainError, EmailLookup, type EventMetadata, PostgresEventStore, Retry, runCommand } from '@academy/event-store';
import { IDENTITY_MESSAGES } from '@academy/contracts';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { EMAIL_RELEASED, EMAIL_RESERVED, emailStream } from '../domain/email-reservation.js';
import type { UserCommand } from '../domain/user.decide.js';
import { userStream } from '../domain/user.js';
import { AccountCredentials } from './account-credentials.js';
import { CreateUser } from './create-user/create-user.command.js';
import { createdUserId, CreateUserHandler } from './create-user/create-user.handler.js';
import { registerAccount } from './register-account.js';

const masterKey = Buffer.alloc(32, 9);
const lookup = new EmailLookup(masterKey);
const meta: EventMetadata = { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-24T00:00:00.000Z' };
let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('identity_register');
  store = new PostgresEventStore({ pool: db.pool, masterKey });
  await store.migrate();
});
afterAll(async () => {
  await db?.drop();
});

let n = 0;
const register = (userId: string, email: string): Extract<UserCommand, { type: 'RegisterUser' }> => ({
  type: 'RegisterUser',
  userId,
  role: 'student',
  email,
  emailHash: lookup.of(email),
  fullName: 'Ada Lovelace',
  passwordHash: '$argon2id$x',
  selfRegistered: false,
  verification: null,
});
const freshEmail = () => `person-${++n}-${randomUUID().slice(0, 8)}@example.com`;
const run = (command: Extract<UserCommand, { type: 'RegisterUser' }>) => runCommand(store, meta, { retry: Retry.onConflict(5), execute: (unit) => registerAccount(unit, command) });
const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);
const holderEvents = async (email: string) => (await store.readStream(emailStream(lookup.of(email)))).map((e) => [e.type, (e.data as { userId: string }).userId]);

describe('register an account with its address', () => {
  it('appends the claim and the account in one step; a refused registration leaves no claim behind', async () => {
    const userId = randomUUID();
    const email = freshEmail();
    const outcome = await run(register(userId, email));
    expect(Object.keys(outcome.streamVersions).sort()).toEqual([emailStream(lookup.of(email)), userStream(userId)].sort());
    expect(await holderEvents(email)).toEqual([[EMAIL_RESERVED, userId]]);
    expect(await types(userStream(userId))).toEqual(['UserRegistered']);

    // The same account id with another address: the user stream refuses, so the new address is never claimed.
    const other = freshEmail();
    await expect(run(register(userId, other))).rejects.toThrow(new DomainError('conflict', IDENTITY_MESSAGES.emailTaken));
    expect(await holderEvents(other)).toEqual([]);
  });

  it('of concurrent registrations of one address, exactly one makes an account; the others are told it is taken', async () => {
    const email = freshEmail();
    const ids = Array.from({ length: 6 }, () => randomUUID());
    const results = await Promise.allSettled(ids.map((id) => run(register(id, email))));
    const won = ids.filter((_, i) => results[i].status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ kind: 'conflict', message: IDENTITY_MESSAGES.emailTaken });
    expect(await holderEvents(email)).toEqual([[EMAIL_RESERVED, won[0]]]);
    for (const id of ids) expect(await types(userStream(id))).toEqual(id === won[0] ? ['UserRegistered'] : []);
  });

  it('old data (two-append design): a claim without its account, or held by a deleted account, is released in the same append as the new claim', async () => {
    const orphanEmail = freshEmail();
    const ghost = randomUUID();
    await store.append(emailStream(lookup.of(orphanEmail)), [{ type: EMAIL_RESERVED, data: { userId: ghost }, metadata: meta }], 0);
    const next = randomUUID();
    await run(register(next, orphanEmail));
    expect(await holderEvents(orphanEmail)).toEqual([[EMAIL_RESERVED, ghost], [EMAIL_RELEASED, ghost], [EMAIL_RESERVED, next]]);

    const deletedEmail = freshEmail();
    const gone = randomUUID();
    await run(register(gone, deletedEmail));
    await store.append(userStream(gone), [{ type: 'UserDeleted', data: { userId: gone, emailLookup: lookup.of(deletedEmail) }, metadata: meta }], 1);
    const heir = randomUUID();
    await run(register(heir, deletedEmail));
    expect(await holderEvents(deletedEmail)).toEqual([[EMAIL_RESERVED, gone], [EMAIL_RELEASED, gone], [EMAIL_RESERVED, heir]]);

    // A live holder keeps it.
    await expect(run(register(randomUUID(), deletedEmail))).rejects.toMatchObject({ kind: 'conflict' });
  });
});

describe('CreateUser with an idempotency key', () => {
  const config = { ACADEMY_ADMIN_EMAIL: 'setup-admin@example.com', PUBLIC_URL: 'http://academy.test', HOST: 'localhost', PORT: 3000 } as AppConfig;
  const handler = () => new CreateUserHandler(store, new AccountCredentials(config, lookup));

  it('sent twice (a reactor after a crash), makes one account with derived ids and answers it both times', async () => {
    const key = `convert-${randomUUID()}`;
    const input = { fullName: 'Grace Hopper', email: freshEmail(), phone: '', role: 'student' as const };
    const first = await handler().execute(new CreateUser({ principal: null, metadata: meta }, input, { idempotencyKey: key }));
    const head = await store.headPosition();
    const again = await handler().execute(new CreateUser({ principal: null, metadata: { ...meta, occurredAt: '2026-11-25T00:00:00.000Z' } }, input, { idempotencyKey: key }));
    expect(first.user.id).toBe(createdUserId(key));
    expect(again).toEqual({ user: first.user, position: first.position });
    expect(await store.headPosition()).toBe(head);
    expect(await types(userStream(first.user.id))).toEqual(['UserRegistered', 'AccountCredentialsIssued']);
    // Without a key, the same address is another person's attempt: 409.
    await expect(handler().execute(new CreateUser({ principal: null, metadata: meta }, input))).rejects.toMatchObject({ kind: 'conflict', fields: { email: [IDENTITY_MESSAGES.emailTaken] } });
  });
});
