import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { Retry, runCommand } from '@academy/event-store';
import { type InboxCommand, inboxDecider, inboxStream } from '../../domain/inbox.js';
import { NOTIFICATIONS_PROJECTION } from '../../projections/notifications/names.js';
import { MyNotifications } from '../../queries/my-notifications/my-notifications.query.js';
import { MarkRead } from './mark-read.command.js';
import { unreadAmong, unreadCount } from './unread.read.js';

const INBOX = [NOTIFICATIONS_PROJECTION];

/**
 * Only the caller's own unread notices can be marked. Read marks of one user never contradict each
 * other (two tabs, a double click): a moved stream is decided again on fresh data (Retry.onConflict)
 * instead of answering 409. Answers the inbox as the bell shows it after the mark.
 */
@CommandHandler(MarkRead)
export class MarkReadHandler extends GatedCommandHandler<MarkRead> {
  async execute({ caller, ids }: MarkRead) {
    const { userId } = principalOf(caller);
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: Retry.onConflict(5),
      execute: async (unit) => {
        const stream = await unit.load(inboxStream(userId), inboxDecider);
        // Which notices are the caller's and unread is the read model's to say: what it shows at the
        // position the caller has seen is used when every id asked for is there; anything less (read
        // already, not theirs, or not projected yet) is confirmed at the log's head first.
        const command: InboxCommand =
          ids === 'all'
            ? { type: 'MarkAllRead', userId, unreadCount: await this.gate.check(INBOX, ({ em }) => unreadCount(em, userId), (n) => n > 0, caller.seen) }
            : { type: 'MarkRead', userId, unreadIds: await this.gate.check(INBOX, ({ em }) => unreadAmong(em, userId, ids), (unread) => unread.length === new Set(ids).size, caller.seen) };
        unit.decide(stream, inboxDecider, command);
      },
    });
    // The answer is the bell's own query, as the caller will see it next.
    return { answer: await this.gate.shown(INBOX, position, new MyNotifications(userId, 20)), position };
  }
}
