import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { CONSISTENCY_WAITER, EVENT_STORE, PG_POOL } from '@academy/backend';
import { type ConsistencyWaiter, DEFAULT_CONSISTENCY_TIMEOUT_MS, type EventStore } from '@academy/event-store';
import type { Notification, NotificationsResponse } from '@academy/contracts';
import { NOTIFICATIONS_PROJECTION } from './names.js';

interface InboxRow {
  event_id: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toNotification = (r: InboxRow): Notification => ({
  id: r.event_id,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.created_at.toISOString(),
  read: r.read_at !== null,
});

/** Reads of one user's inbox (the schema's views onto the live version). Every query is scoped to the caller. */
@Injectable()
export class InboxReader {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONSISTENCY_WAITER) private readonly waiter: ConsistencyWaiter,
  ) {}

  async caughtUp(position?: number): Promise<void> {
    const target = position ?? (await this.store.headPosition());
    if (target > 0) await this.waiter.wait([NOTIFICATIONS_PROJECTION], target, DEFAULT_CONSISTENCY_TIMEOUT_MS);
  }

  async inbox(userId: string, limit: number): Promise<NotificationsResponse> {
    const [list, unread] = await Promise.all([
      this.query<InboxRow>(`SELECT event_id, title, body, link, created_at, read_at FROM ${NOTIFICATIONS_PROJECTION}.inbox WHERE user_id = $1 ORDER BY position DESC LIMIT $2`, [userId, limit]),
      this.query<{ n: string }>(`SELECT count(*) AS n FROM ${NOTIFICATIONS_PROJECTION}.inbox WHERE user_id = $1 AND read_at IS NULL`, [userId]),
    ]);
    return { unread: Number(unread[0]?.n ?? 0), notifications: list.map(toNotification) };
  }

  /** Of these ids, those the user has and has not read yet. */
  async unreadAmong(userId: string, ids: string[]): Promise<string[]> {
    const rows = await this.query<{ event_id: string }>(
      `SELECT event_id FROM ${NOTIFICATIONS_PROJECTION}.inbox WHERE user_id = $1 AND read_at IS NULL AND event_id = ANY($2::uuid[])`,
      [userId, ids],
    );
    return rows.map((r) => r.event_id);
  }

  async unreadCount(userId: string): Promise<number> {
    const rows = await this.query<{ n: string }>(`SELECT count(*) AS n FROM ${NOTIFICATIONS_PROJECTION}.inbox WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    return Number(rows[0]?.n ?? 0);
  }

  // Before the worker first ran the projection its schema does not exist: nobody has been told anything yet.
  private async query<R extends pg.QueryResultRow>(text: string, params: unknown[]): Promise<R[]> {
    try {
      return (await this.pool.query<R>(text, params)).rows;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === '42P01' || code === '3F000') return [];
      throw e;
    }
  }
}
