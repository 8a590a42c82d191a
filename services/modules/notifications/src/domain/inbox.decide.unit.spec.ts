import { DomainError } from '@academy/event-store';
import { NOTIFICATIONS_EVENTS } from '@academy/contracts';
import { inboxDecider } from './inbox.js';

const user = '0b0b0b0b-0000-4000-8000-000000000001';
const a = '0a0a0a0a-0000-4000-8000-000000000002';
const b = '0a0a0a0a-0000-4000-8000-000000000001';

describe('inbox decide', () => {
  const given = inboxDecider.initialState();

  it('records the unread ids read, once each and in a stable order', () => {
    expect(inboxDecider.decide({ type: 'MarkRead', userId: user, unreadIds: [a, b, a] }, given)).toEqual([
      { type: NOTIFICATIONS_EVENTS.NotificationsRead, data: { userId: user, notificationIds: [b, a] } },
    ]);
  });

  it('appends nothing when none of the ids is unread', () => {
    expect(inboxDecider.decide({ type: 'MarkRead', userId: user, unreadIds: [] }, given)).toEqual([]);
  });

  it('marks everything read with null ids, and nothing when nothing is unread', () => {
    expect(inboxDecider.decide({ type: 'MarkAllRead', userId: user, unreadCount: 3 }, given)).toEqual([
      { type: NOTIFICATIONS_EVENTS.NotificationsRead, data: { userId: user, notificationIds: null } },
    ]);
    expect(inboxDecider.decide({ type: 'MarkAllRead', userId: user, unreadCount: 0 }, given)).toEqual([]);
  });

  it('refuses more than 100 ids', () => {
    const many = Array.from({ length: 101 }, (_, i) => `0a0a0a0a-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(() => inboxDecider.decide({ type: 'MarkRead', userId: user, unreadIds: many }, given)).toThrow(DomainError);
  });
});
