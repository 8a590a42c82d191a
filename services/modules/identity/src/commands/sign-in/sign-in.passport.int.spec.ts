// Passport's strategies are what authenticates the identity context's callers (ADR 0016): a sign-in
// request reaches the local strategy only with a well-formed body, its validate() gives a wrong password
// the old 401 body; the JWT strategy refuses the token of a signed-out session. Real HTTP, Postgres, Redis.
import { randomUUID } from 'node:crypto';
import { UnauthorizedException, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { jest } from '@jest/globals';
import type { Request } from 'express';
import type pg from 'pg';
import { type AccessClaims, applyHttpPlatform, AuthModule, BackboneModule, CONSISTENCY_WAITER, EventSourcingModule, EVENT_STORE, HttpPlatformModule, JwtStrategy, loadConfig, migrateUp, MikroORM, ormOptions, PG_POOL } from '@academy/backend';
import { type ConsistencyWaiter, EmailLookup, type EventStore, type RunningProjections, runCommand, startProjections } from '@academy/event-store';
import { IDENTITY_MESSAGES } from '@academy/contracts';
import { createTestDatabase, type TestDatabase, testRedisUrl, uniquePrefix } from '@academy/testing';
import { IdentityModule, IdentityProfileStatus, IdentitySessionValidator, identityProjections, identitySessionMigrations } from '../../index.js';
import { registerAccount } from '../register-account.js';
import { hashPassword } from '../../passwords/passwords.js';
import { LocalSignInStrategy } from './sign-in.local.strategy.js';

const PASSWORD = 'correct horse battery staple';
let db: TestDatabase;
let app: INestApplication;
let url: string;
let store: EventStore;
let runners: RunningProjections;
let passwordHash: string;

beforeAll(async () => {
  db = await createTestDatabase('sign_in_passport');
  const config = loadConfig({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    NODE_ENV: 'test',
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://academy.test',
    QUEUE_PREFIX: uniquePrefix('sign-in-passport'),
  });
  process.env.ACADEMY_MASTER_KEY = config.ACADEMY_MASTER_KEY;
  const orm = await MikroORM.init(ormOptions(db.url));
  await migrateUp(orm, db.url, [identitySessionMigrations]);
  await orm.close();
  const moduleRef = await Test.createTestingModule({
    imports: [EventSourcingModule.forRoot(config), BackboneModule.forRoot(), MikroOrmModule.forRoot({ ...ormOptions(db.url), autoLoadEntities: true }), HttpPlatformModule.forRoot(config, 'sign-in-passport'), AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus), IdentityModule],
  }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  applyHttpPlatform(app);
  await app.listen(0, '127.0.0.1');
  url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  store = app.get(EVENT_STORE);
  runners = startProjections(identityProjections, { store, pool: app.get(PG_POOL), standbyPollMs: 100 });
  passwordHash = await hashPassword(PASSWORD);
}, 60_000);

afterAll(async () => {
  await runners?.stop();
  await app?.close();
  await db?.drop();
  delete process.env.ACADEMY_MASTER_KEY;
});

let ip = 0;
async function call(method: string, path: string, o: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': `10.7.${Math.floor(++ip / 250)}.${ip % 250}` };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await fetch(`${url}/api${path}`, { method, headers, body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function account(): Promise<{ userId: string; email: string }> {
  const userId = randomUUID();
  const email = `passport.${userId}@example.com`;
  const metadata = { actorId: null, actorRole: 'admin', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const { position } = await runCommand(store, metadata, {
    execute: (unit) =>
      registerAccount(unit, { type: 'RegisterUser', userId, role: 'teacher', email, emailHash: app.get(EmailLookup).of(email), fullName: 'Aroha Ngata', passwordHash, selfRegistered: false, verification: null }),
  });
  expect((await app.get<ConsistencyWaiter>(CONSISTENCY_WAITER).wait(['identity_users'], position, 5000)).reached).toBe(true);
  return { userId, email };
}

const families = async (userId: string) => Number((await app.get<pg.Pool>(PG_POOL).query('SELECT count(*) FROM identity_session_families WHERE user_id = $1', [userId])).rows[0].count);
/** What the strategy reads of a request: its client address (the throttle counts per address). */
const fakeReq = { ip: '10.6.0.1', header: () => undefined, headers: {}, socket: { remoteAddress: '10.6.0.1' } } as unknown as Request;

describe('the local strategy signs in', () => {
  afterEach(() => jest.restoreAllMocks());

  it('every sign-in request is authenticated by the strategy, once, and only after the body is well-formed', async () => {
    const u = await account();
    const validate = jest.spyOn(app.get(LocalSignInStrategy), 'validate');
    const ok = await call('POST', '/auth/sign-in', { body: { email: u.email, password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(validate.mock.calls[0]?.slice(1, 3)).toEqual([u.email, PASSWORD]);
    // Bad bodies keep their 400 answers and never reach passport.
    const missing = await call('POST', '/auth/sign-in', { body: { email: u.email } });
    expect(missing).toMatchObject({ status: 400, body: { fields: { password: ['Password is required'] } } });
    const hostile = await call('POST', '/auth/sign-in', { body: `{"email":"${u.email}","password":"${PASSWORD}","__proto__":{"x":1}}` });
    expect(hostile.status).toBe(400);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('validate() refuses a wrong password with the very 401 the endpoint answers', async () => {
    const u = await account();
    const strategy = app.get(LocalSignInStrategy);
    const refused = strategy.validate(fakeReq, u.email, 'not the password at all');
    await expect(refused).rejects.toBeInstanceOf(UnauthorizedException);
    await expect(refused).rejects.toThrow(IDENTITY_MESSAGES.invalidCredentials);
    const answer = await call('POST', '/auth/sign-in', { body: { email: u.email, password: 'not the password at all' } });
    expect(answer).toEqual({ status: 401, body: { statusCode: 401, error: 'UNAUTHORIZED', message: IDENTITY_MESSAGES.invalidCredentials } });
  });

  it('validate() authenticates without starting a session: the endpoint starts one', async () => {
    const u = await account();
    expect(await app.get(LocalSignInStrategy).validate(fakeReq, u.email, PASSWORD)).toMatchObject({ id: u.userId, email: u.email, role: 'teacher' });
    expect(await families(u.userId)).toBe(0);
    expect((await call('POST', '/auth/sign-in', { body: { email: u.email, password: PASSWORD } })).status).toBe(200);
    expect(await families(u.userId)).toBe(1);
  });
});

describe('the JWT strategy checks the live session', () => {
  it('refuses the token of a signed-out session, in validate() and at the endpoint', async () => {
    const u = await account();
    const s = await call('POST', '/auth/sign-in', { body: { email: u.email, password: PASSWORD } });
    const token = s.body.access_token as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as AccessClaims;
    const strategy = app.get(JwtStrategy);
    const req = ({ header: () => `Bearer ${token}` }) as unknown as Request;
    expect(await strategy.validate(req, claims)).toEqual({ userId: u.userId, role: 'teacher', sessionId: claims.sid });
    expect((await call('GET', '/auth/me', { token })).status).toBe(200);
    expect((await call('POST', '/auth/sign-out', { token })).status).toBe(204);
    expect(await strategy.validate(req, claims)).toBe(false);
    expect(await call('GET', '/auth/me', { token })).toEqual({ status: 401, body: { statusCode: 401, error: 'UNAUTHORIZED', message: 'Please sign in.' } });
  });
});
