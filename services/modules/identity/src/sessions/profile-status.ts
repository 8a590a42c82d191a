import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL, preparedQuery, type ProfileStatus } from '@academy/backend';

const MAX_REMEMBERED = 100_000;

/**
 * The ProfileGate's question (is this user's first-login profile complete?) answered from
 * identity_users. A profile once complete stays complete (ProfileCompleted is never undone and ids are
 * never reused), so a "yes" is remembered in the process and a gated student costs one indexed query
 * per request only until they complete it. A "no" is never remembered: the request after completion
 * (answered once the projection caught up, read-your-writes) reads the database again.
 */
@Injectable()
export class IdentityProfileStatus implements ProfileStatus {
  private readonly complete = new Set<string>();

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async isComplete(userId: string): Promise<boolean> {
    if (this.complete.has(userId)) return true;
    // Raw SQL on purpose (issue 15 §4, ADR 0018 §3): the ProfileGate asks on every request of a student
    // whose profile is not known complete, so it stays a named prepared statement (planned once per
    // connection); MikroORM inlines values and prepares nothing. It reads identity_users' read schema
    // (the User entity's table) by primary key; no separate figure was measured for it.
    const { rows } = await preparedQuery<{ first_login_completed: boolean }>(
      this.pool,
      'identity.profile-complete',
      'SELECT first_login_completed FROM identity_users.users WHERE id = $1',
      [userId],
    );
    // No row: the user is gone; the AuthGuard refuses their token, the gate need not decide.
    if (rows[0]?.first_login_completed !== true) return false;
    if (this.complete.size >= MAX_REMEMBERED) this.complete.delete(this.complete.values().next().value!);
    this.complete.add(userId);
    return true;
  }
}
