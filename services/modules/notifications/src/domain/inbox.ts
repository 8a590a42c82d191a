// A user's inbox as a write model: the only fact the user adds is "I have read these". Which notices
// exist is not known here (the projection writes them from other contexts' events), so the handler
// passes only ids the read model shows unread; decide keeps the rules that need no I/O.
import { DomainError, type Decider } from '@academy/event-store';
import { NOTIFICATIONS_EVENTS, type NotificationsReadData } from '@academy/contracts';

export type InboxCommand =
  | { type: 'MarkRead'; userId: string; unreadIds: string[] }
  | { type: 'MarkAllRead'; userId: string; unreadCount: number };

export type InboxEvent = { type: typeof NOTIFICATIONS_EVENTS.NotificationsRead; data: NotificationsReadData };

export interface InboxState {
  reads: number;
}

export const inboxStream = (userId: string) => `inbox-${userId}`;

export const inboxDecider: Decider<InboxCommand, InboxEvent, InboxState> = {
  initialState: () => ({ reads: 0 }),
  evolve: (state) => ({ reads: state.reads + 1 }),
  decide(command) {
    if (command.type === 'MarkRead') {
      if (command.unreadIds.length > 100) throw new DomainError('invalid', 'At most 100 ids at once', { ids: ['At most 100 ids at once'] });
      // Nothing unread among them (already read, or not the caller's): no event, the answer is the same.
      if (command.unreadIds.length === 0) return [];
      return [{ type: NOTIFICATIONS_EVENTS.NotificationsRead, data: { userId: command.userId, notificationIds: [...new Set(command.unreadIds)].sort() } }];
    }
    if (command.unreadCount === 0) return [];
    return [{ type: NOTIFICATIONS_EVENTS.NotificationsRead, data: { userId: command.userId, notificationIds: null } }];
  },
};
