// identity's `users` registrations and first-login profiles a batch at a time (ADR 0035): every account
// makes a UserRegistered and a student a ProfileCompleted, one statement each one by one (two per student
// in a replay). `planUsers` folds a batch's run of them in log order into what applying them one by one
// (`registrationHandlers`, the reference) leaves: the new rows, with the profile folded into a row the run
// registers, and the profiles of rows from before the run.
import { byIndexLookups, foldedSet, instant, type EventHandler, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
import { IDENTITY_EVENTS, type Role } from '@academy/contracts';
import { sql } from 'kysely';
import type { UserRegisteredData } from '../../domain/user.js';
import { User } from './user.entity.js';

const users = (tx: ProjectionTx) => tx.em.createQueryBuilder(User);
const personal = (e: StoredEvent) => (e.personal?.data ?? null) as Record<string, string> | null;
const userIdOf = (e: StoredEvent) => (e.data as { userId: string }).userId;

/** The columns a first-login profile sets; `fullName` only when the event has one (the name stays otherwise). */
interface Profile {
  fullName?: string;
  phone: string | null;
  address: string | null;
  dateOfBirth: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  /** ISO, as the event carries it. */
  updatedAt: string;
}
function profileOf(e: StoredEvent): Profile {
  const p = personal(e);
  return {
    // No name in the event (or an erased one): the name stays as it was (the SQL's COALESCE).
    ...(p?.fullName != null ? { fullName: p.fullName } : {}),
    phone: p?.phone ?? null,
    address: p?.address ?? null,
    dateOfBirth: p?.dateOfBirth ?? null,
    emergencyContactName: p?.emergencyContactName ?? null,
    emergencyContactPhone: p?.emergencyContactPhone ?? null,
    updatedAt: e.metadata.occurredAt,
  };
}

/** A new account's row; with every column a profile sets, so that all rows of one INSERT have the same columns. */
export interface NewUser extends Omit<Profile, 'fullName' | 'updatedAt'> {
  id: string;
  email: string | null;
  emailHash: string;
  fullName: string | null;
  role: Role;
  selfRegistered: boolean;
  verified: boolean;
  firstLoginCompleted: boolean;
  passwordHash: string | null;
  createdAt: string;
  updatedAt: string;
}
function registeredRow(e: StoredEvent): NewUser {
  const d = e.data as UserRegisteredData;
  const p = personal(e);
  return {
    id: d.userId,
    email: p?.email?.toLowerCase() ?? null,
    emailHash: d.emailHash,
    fullName: p?.fullName ?? null,
    role: d.role,
    selfRegistered: d.selfRegistered,
    verified: !d.selfRegistered,
    firstLoginCompleted: false,
    passwordHash: p?.passwordHash ?? null,
    phone: p?.phone || null,
    address: null,
    dateOfBirth: null,
    emergencyContactName: null,
    emergencyContactPhone: null,
    createdAt: e.metadata.occurredAt,
    updatedAt: e.metadata.occurredAt,
  };
}

const withProfile = (row: NewUser, profile: Profile): NewUser => ({ ...row, ...profile, fullName: profile.fullName ?? row.fullName, firstLoginCompleted: true });
const toEntity = (r: NewUser) => ({ ...r, verificationTokenHash: null, createdAt: instant(r.createdAt), updatedAt: instant(r.updatedAt) });

/** The events one at a time: what the set handler must equal (and what it falls back to). */
export const registrationHandlers: Record<string, EventHandler> = {
  [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
    await users(tx).insert(toEntity(registeredRow(e))).execute();
  },
  [IDENTITY_EVENTS.ProfileCompleted]: async (e, tx) => {
    const { updatedAt, ...profile } = profileOf(e);
    await users(tx).update({ ...profile, firstLoginCompleted: true, updatedAt: instant(updatedAt) }).where({ id: userIdOf(e) }).execute();
  },
};

export interface UsersPlan {
  /** Accounts the run registers, in log order, with their profile when the run completes it. */
  inserts: NewUser[];
  /** Rows from before the run: each one's last profile (its name: the last one given). */
  profiles: Map<string, Profile>;
}

/**
 * Folds UserRegistered and ProfileCompleted in log order. Null when a profile comes before its account's
 * registration in the run (one by one it updated nobody, or a row from before the run): the caller applies
 * the run one by one. A second registration of an id stays in the plan: its INSERT fails as it would one by one.
 */
export function planUsers(events: StoredEvent[]): UsersPlan | null {
  const inserts: NewUser[] = [];
  const latest = new Map<string, number>();
  const profiles = new Map<string, Profile>();
  for (const e of events) {
    if (e.type === IDENTITY_EVENTS.UserRegistered) {
      const row = registeredRow(e);
      if (profiles.has(row.id)) return null;
      latest.set(row.id, inserts.push(row) - 1);
    } else {
      const id = userIdOf(e);
      const profile = profileOf(e);
      const i = latest.get(id);
      if (i !== undefined) inserts[i] = withProfile(inserts[i], profile);
      else profiles.set(id, { ...profile, fullName: profile.fullName ?? profiles.get(id)?.fullName });
    }
  }
  return { inserts, profiles };
}

// Profiles of earlier rows as one UPDATE … FROM unnest through em.getKysely(): MikroORM's QueryBuilder
// has no UPDATE from a list of rows. Instants as the event's ISO strings cast to timestamptz (as instant() does).
async function writeProfiles(profiles: Map<string, Profile>, tx: ProjectionTx): Promise<void> {
  const rows = [...profiles];
  const col = <T>(f: (p: Profile) => T) => rows.map(([, p]) => f(p));
  await byIndexLookups(tx, () =>
    sql`UPDATE users AS u SET first_login_completed = true, full_name = CASE WHEN v.keep_name THEN u.full_name ELSE v.full_name END,
          phone = v.phone, address = v.address, date_of_birth = v.date_of_birth, emergency_contact_name = v.emergency_contact_name,
          emergency_contact_phone = v.emergency_contact_phone, updated_at = v.updated_at
        FROM unnest(${rows.map(([id]) => id)}::uuid[], ${col((p) => p.fullName ?? null)}::text[], ${col((p) => p.fullName === undefined)}::bool[],
                    ${col((p) => p.phone)}::text[], ${col((p) => p.address)}::text[], ${col((p) => p.dateOfBirth)}::date[],
                    ${col((p) => p.emergencyContactName)}::text[], ${col((p) => p.emergencyContactPhone)}::text[], ${col((p) => p.updatedAt)}::timestamptz[])
          AS v(id, full_name, keep_name, phone, address, date_of_birth, emergency_contact_name, emergency_contact_phone, updated_at)
        WHERE u.id = v.id`.execute(tx.em.getKysely()),
  );
}

/** `flushBefore`: every other event of the projection writes `users`. */
export function usersSet(flushBefore: readonly string[]): SetHandler {
  return foldedSet({
    reference: registrationHandlers,
    flushBefore,
    plan: planUsers,
    async write(plan, tx) {
      if (plan.inserts.length) await users(tx).insert(plan.inserts.map(toEntity)).execute();
      if (plan.profiles.size) await writeProfiles(plan.profiles, tx);
    },
  });
}
