import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { NOTIFICATION_MESSAGES, type Notification } from '@academy/contracts';
import { Button, Popover, PopoverContent, PopoverTrigger } from '@academy/ui';
import { useMarkNotificationsReadMutation, useNotificationsQuery } from './api/notifications';
import { formatDateTime } from './format';

/** The header bell: unread count on the button, the newest notices in a popover, read on click. */
export function NotificationsBell() {
  const inbox = useNotificationsQuery();
  const mark = useMarkNotificationsReadMutation();
  const navigate = useNavigate();
  const unread = inbox.data?.unread ?? 0;
  const open = (n: Notification) => {
    if (!n.read) mark.mutate([n.id]);
    if (n.link) navigate(n.link);
  };
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}>
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span data-testid="notifications-unread" className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-semibold text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0 text-sm">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <span className="font-medium">Notifications</span>
          {unread > 0 && (
            <Button variant="link" size="sm" className="h-auto p-0" disabled={mark.isPending} onClick={() => mark.mutate('all')}>
              {NOTIFICATION_MESSAGES.markAllRead}
            </Button>
          )}
        </div>
        {inbox.isError ? (
          <p className="px-3 py-4 text-destructive">{NOTIFICATION_MESSAGES.loadFailed}</p>
        ) : !inbox.data?.notifications.length ? (
          <p className="px-3 py-4 text-muted-foreground">{inbox.isPending ? 'Loading...' : NOTIFICATION_MESSAGES.empty}</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto" aria-label="Notifications list">
            {inbox.data.notifications.map((n) => (
              <li key={n.id}>
                <button type="button" onClick={() => open(n)} className="w-full px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none">
                  <span className="flex items-center gap-2">
                    {!n.read && <span className="size-2 shrink-0 rounded-full bg-primary" aria-label="unread" />}
                    <span className={n.read ? 'text-muted-foreground' : 'font-medium'}>{n.title}</span>
                  </span>
                  <span className="mt-0.5 block text-muted-foreground">{n.body}</span>
                  <span className="mt-0.5 block text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
