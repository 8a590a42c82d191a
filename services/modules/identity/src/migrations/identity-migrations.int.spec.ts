// The users projection stays version 2 on MikroORM (ADR 0018) because its migration builds exactly the
// table v2's SQL built: same columns (names, types, lengths, nullability, defaults, order), constraints
// and indexes. v2's SQL is kept here verbatim as the reference; a version schema is built from
// each, as the runner builds one, and Postgres' catalog of the two is compared. v2's SQL handlers are
// kept too: a replay of one log through them and through the MikroORM handlers gives the same rows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { buildProjectionInto, PostgresEventStore, type Projection, type ProjectionTx, type StoredEvent, withTables } from '@academy/event-store';
import { tablesFromSql } from '@academy/testing/tables';
import { IDENTITY_EVENTS } from '@academy/contracts';
import { createTestDatabase, type TestDatabase, tableShape } from '@academy/testing';
import type { EmailVerificationRequestedData, NotificationPreferencesChangedData, UserRegisteredData } from '../domain/user.js';
import { usersProjection } from '../projections/users/users.projection.js';
import { SESSION_ENDED_CHANNEL } from '../sessions/live-sessions.js';

const sessionsEnded = (tx: ProjectionTx, userId: string) => tx.query(`SELECT pg_notify('${SESSION_ENDED_CHANNEL}', $1)`, [`user:${userId}`]);
const personal = (e: StoredEvent) => (e.personal?.data ?? null) as Record<string, string> | null;

/** identity_users' table as v2 made it from SQL, and its SQL handlers (before ADR 0018). */
const v2Sql: Projection = {
  name: 'identity_users_v2_sql',
  version: 2,
  orm: tablesFromSql('Migration_identity_users_v2_sql', [
    `CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text UNIQUE,
      email_hash char(64) NOT NULL UNIQUE,
      full_name text,
      role text NOT NULL,
      self_registered boolean NOT NULL,
      verified boolean NOT NULL,
      verification_token_hash char(64) UNIQUE,
      first_login_completed boolean NOT NULL DEFAULT false,
      password_hash text,
      phone text,
      address text,
      date_of_birth date,
      emergency_contact_name text,
      emergency_contact_phone text,
      notification_preferences jsonb,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    'CREATE INDEX users_role_idx ON users (role)',
    'CREATE INDEX users_created_at_idx ON users (created_at DESC)',
  ]),
  handlers: {
    ...withTables({ writes: ['users'] }, {
      [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
        const d = e.data as UserRegisteredData;
        const p = personal(e);
        await tx.query(
          `INSERT INTO users (id, email, email_hash, full_name, role, self_registered, verified, verification_token_hash, password_hash, phone, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
          [d.userId, p?.email?.toLowerCase() ?? null, d.emailHash, p?.fullName ?? null, d.role, d.selfRegistered, !d.selfRegistered, null, p?.passwordHash ?? null, p?.phone || null, e.metadata.occurredAt],
        );
      },
      [IDENTITY_EVENTS.EmailVerificationRequested]: async (e, tx) => {
        const d = e.data as EmailVerificationRequestedData;
        await tx.query('UPDATE users SET verification_token_hash = $2, updated_at = $3 WHERE id = $1', [d.userId, d.tokenHash, e.metadata.occurredAt]);
      },
      [IDENTITY_EVENTS.EmailVerified]: async (e, tx) => {
        await tx.query('UPDATE users SET verified = true, verification_token_hash = NULL, updated_at = $2 WHERE id = $1', [(e.data as { userId: string }).userId, e.metadata.occurredAt]);
      },
      [IDENTITY_EVENTS.ProfileCompleted]: async (e, tx) => {
        const p = personal(e);
        await tx.query(
          `UPDATE users SET first_login_completed = true, full_name = COALESCE($2, full_name), phone = $3, address = $4, date_of_birth = $5,
             emergency_contact_name = $6, emergency_contact_phone = $7, updated_at = $8 WHERE id = $1`,
          [(e.data as { userId: string }).userId, p?.fullName ?? null, p?.phone ?? null, p?.address ?? null, p?.dateOfBirth ?? null, p?.emergencyContactName ?? null, p?.emergencyContactPhone ?? null, e.metadata.occurredAt],
        );
      },
      [IDENTITY_EVENTS.PasswordChanged]: async (e, tx) => {
        await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [(e.data as { userId: string }).userId, personal(e)?.passwordHash ?? null, e.metadata.occurredAt]);
      },
      [IDENTITY_EVENTS.RoleAssigned]: async (e, tx) => {
        const d = e.data as { userId: string; role: string };
        await tx.query('UPDATE users SET role = $2, updated_at = $3 WHERE id = $1', [d.userId, d.role, e.metadata.occurredAt]);
        await sessionsEnded(tx, d.userId);
      },
      [IDENTITY_EVENTS.StudentContactUpdated]: async (e, tx) => {
        const p = personal(e);
        await tx.query('UPDATE users SET full_name = COALESCE($2, full_name), phone = $3, address = $4, updated_at = $5 WHERE id = $1', [
          (e.data as { userId: string }).userId,
          p?.fullName ?? null,
          p?.phone ?? null,
          p?.address ?? null,
          e.metadata.occurredAt,
        ]);
      },
      [IDENTITY_EVENTS.NotificationPreferencesChanged]: async (e, tx) => {
        const d = e.data as NotificationPreferencesChangedData;
        await tx.query('UPDATE users SET notification_preferences = $2, updated_at = $3 WHERE id = $1', [d.userId, JSON.stringify(d.preferences), e.metadata.occurredAt]);
      },
      // The row and every personal copy in it go with the user (ADR 0003: read models honour erasure).
      [IDENTITY_EVENTS.UserDeleted]: async (e, tx) => {
        await tx.query('DELETE FROM users WHERE id = $1', [(e.data as { userId: string }).userId]);
        await sessionsEnded(tx, (e.data as { userId: string }).userId);
      },
    }),
  },
};

let db: TestDatabase;
let store: PostgresEventStore;
const [ANN, BEN, CAT, DAN] = ['a1', 'b2', 'c3', 'd4'].map((n) => `00000000-0000-4000-8000-0000000000${n}`);
let clock = Date.parse('2026-03-01T08:00:00.123Z');
async function given(userId: string, type: string, data: Record<string, unknown>, personalData?: Record<string, unknown>) {
  const metadata = { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date((clock += 61_001)).toISOString() };
  await store.append(`user-${userId}`, [{ type, data: { userId, ...data }, personal: personalData && { subjectId: userId, data: personalData }, metadata }], 'any');
}

beforeAll(async () => {
  db = await createTestDatabase('identity_migrations');
  store = new PostgresEventStore({ pool: db.pool, masterKey: Buffer.alloc(32, 7), schema: 'log' });
  await store.migrate();
  const E = IDENTITY_EVENTS;
  // Every handler, and the SQL's edge cases: COALESCE of a missing name, '' phone, a date, jsonb, erasure, deletion.
  await given(ANN, E.UserRegistered, { role: 'student', emailHash: 'a'.repeat(64), selfRegistered: true }, { email: 'Ann@Example.com', fullName: 'Ann Lee', passwordHash: 'h1', phone: '' });
  await given(ANN, E.EmailVerificationRequested, { tokenHash: 'f'.repeat(64) });
  await given(BEN, E.UserRegistered, { role: 'teacher', emailHash: 'b'.repeat(64), selfRegistered: false }, { email: 'ben@example.com', fullName: 'Ben', passwordHash: 'h2', phone: '+27 82 000 0000' });
  await given(ANN, E.EmailVerified, {});
  await given(ANN, E.ProfileCompleted, {}, { fullName: 'Ann B. Lee', phone: '+1', address: '1 Road', dateOfBirth: '2001-02-03', emergencyContactName: 'Mo', emergencyContactPhone: '+2' });
  await given(ANN, E.PasswordChanged, {}, { passwordHash: 'h3' });
  await given(ANN, E.StudentContactUpdated, {}, { phone: '+3', address: '2 Road' });
  await given(ANN, E.NotificationPreferencesChanged, { preferences: { newApplications: false, newSubmissions: true, submissionGraded: false, announcements: true } });
  await given(BEN, E.RoleAssigned, { role: 'admin', previousRole: 'teacher' });
  await given(BEN, E.ProfileCompleted, {});
  await given(CAT, E.UserRegistered, { role: 'student', emailHash: 'c'.repeat(64), selfRegistered: false }, { email: 'cat@example.com', fullName: 'Cat', passwordHash: 'h4' });
  await given(CAT, E.StudentContactUpdated, {}, { fullName: 'Cat Two', phone: null, address: null });
  await given(DAN, E.UserRegistered, { role: 'student', emailHash: 'd'.repeat(64), selfRegistered: true }, { email: 'dan@example.com', fullName: 'Dan', passwordHash: 'h5' });
  await given(DAN, E.UserDeleted, { emailLookup: null });
  await store.eraseSubject(CAT);
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

/** What Postgres says a schema's read tables are (@academy/testing tableShape). */
const shape = (schema: string) => tableShape(db.pool, schema);

it('builds exactly the table v2 built from SQL, so the live v2 stays (no new version)', async () => {
  expect(usersProjection.version).toBe(2);
  await buildProjectionInto(db.pool, v2Sql, 'v2_sql', store);
  await buildProjectionInto(db.pool, usersProjection, 'v2_orm', store);
  const [sql, orm] = [await shape('v2_sql'), await shape('v2_orm')];
  expect(sql.columns.length).toBe(18);
  expect(sql.columns.filter((c) => c.data_type === 'character').map((c) => [c.column_name, c.character_maximum_length])).toEqual([
    ['email_hash', 64],
    ['verification_token_hash', 64],
  ]);
  expect(sql.indexes.map((i) => i.indexname)).toEqual(['users_created_at_idx', 'users_email_hash_key', 'users_email_key', 'users_pkey', 'users_role_idx', 'users_verification_token_hash_key']);
  expect(orm).toEqual(sql);
});

it('replays one log into the same rows through v2\'s SQL handlers and the MikroORM ones', async () => {
  await buildProjectionInto(db.pool, v2Sql, 'rows_sql', store);
  await buildProjectionInto(db.pool, usersProjection, 'rows_orm', store);
  const rows = async (schema: string) => (await db.pool.query(`SELECT *, date_of_birth::text AS dob FROM ${schema}.users ORDER BY id`)).rows;
  const [sql, orm] = [await rows('rows_sql'), await rows('rows_orm')];
  expect(sql.map((r) => r.id)).toEqual([ANN, BEN, CAT]);
  expect(sql.find((r) => r.id === ANN)).toMatchObject({ email: 'ann@example.com', full_name: 'Ann B. Lee', phone: '+3', address: '2 Road', dob: '2001-02-03', first_login_completed: true, verified: true });
  expect(sql.find((r) => r.id === CAT)).toMatchObject({ email: null, full_name: null, password_hash: null });
  expect(orm).toEqual(sql);
});
