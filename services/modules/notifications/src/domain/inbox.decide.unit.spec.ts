// given events / when command / then events (ARCHITECTURE.md §9): the bell's read marks.
import { NOTIFICATIONS_EVENTS } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { inboxDecider } from './inbox.js';

const user = '0b0b0b0b-0000-4000-8000-000000000001';
const a = '0a0a0a0a-0000-4000-8000-000000000002';
const b = '0a0a0a0a-0000-4000-8000-000000000001';
const inbox = deciderSpec(inboxDecider);
const read = (notificationIds: string[] | null) => ({ type: NOTIFICATIONS_EVENTS.NotificationsRead, data: { userId: user, notificationIds } });

describe('inbox', () => {
  it('records the unread ids read, once each and in a stable order', () => {
    inbox.given().when({ type: 'MarkRead', userId: user, unreadIds: [a, b, a] }).then([read([b, a])]);
    inbox.given(read([b])).when({ type: 'MarkRead', userId: user, unreadIds: [a] }).then([read([a])]);
  });

  it('appends nothing when none of the ids is unread', () => {
    inbox.given(read([a])).when({ type: 'MarkRead', userId: user, unreadIds: [] }).thenNothing();
  });

  it('marks everything read with null ids, and nothing when nothing is unread', () => {
    inbox.given().when({ type: 'MarkAllRead', userId: user, unreadCount: 3 }).then([read(null)]);
    inbox.given(read(null)).when({ type: 'MarkAllRead', userId: user, unreadCount: 0 }).thenNothing();
  });

  it('refuses more than 100 ids', () => {
    const many = Array.from({ length: 101 }, (_, i) => `0a0a0a0a-0000-4000-8000-${String(i).padStart(12, '0')}`);
    inbox.given().when({ type: 'MarkRead', userId: user, unreadIds: many }).thenRefused({ kind: 'invalid', message: 'At most 100 ids at once', fields: { ids: ['At most 100 ids at once'] } });
  });
});
