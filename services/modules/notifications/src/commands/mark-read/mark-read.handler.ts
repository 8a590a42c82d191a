import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { ConcurrencyError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import type { NotificationsResponse } from '@academy/contracts';
import { inboxDecider, inboxStream } from '../../domain/inbox.js';
import { InboxReader } from '../../projections/notifications/inbox.reader.js';

/** The bell's "mark as read" (some ids, or all): only the caller's own notices can be marked. */
@Injectable()
export class MarkReadHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly inbox: InboxReader,
  ) {}

  async execute(userId: string, ids: string[] | 'all', metadata: EventMetadata): Promise<{ answer: NotificationsResponse; position: number }> {
    // Read marks of one user never contradict each other (two tabs, a double click): a moved stream is
    // simply decided again on fresh data instead of answering 409.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(userId, ids, metadata);
      } catch (e) {
        if (!(e instanceof ConcurrencyError) || attempt >= 5) throw e;
      }
    }
  }

  private async once(userId: string, ids: string[] | 'all', metadata: EventMetadata): Promise<{ answer: NotificationsResponse; position: number }> {
    // Decide on the inbox as it stands: caught up, and only the caller's own unread ids.
    await this.inbox.caughtUp();
    const command =
      ids === 'all'
        ? { type: 'MarkAllRead' as const, userId, unreadCount: await this.inbox.unreadCount(userId) }
        : { type: 'MarkRead' as const, userId, unreadIds: await this.inbox.unreadAmong(userId, ids) };
    const { lastPosition } = await handleCommand({ store: this.store, streamId: inboxStream(userId), decider: inboxDecider, command, metadata });
    await this.inbox.caughtUp(lastPosition);
    return { answer: await this.inbox.inbox(userId, 20), position: lastPosition };
  }
}
