import { useId } from 'react';
import { Megaphone } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@academy/ui';
import type { Announcement } from '@academy/contracts';
import { useMyAnnouncementsQuery } from '../api/announcements';
import { formatDateTime } from '../format';

/** 'From Tess Teacher · HTML & CSS · 24 Nov 2026, 10:00 · edited' */
export function announcementByline(a: Announcement): string {
  return [a.authorName ? `From ${a.authorName}` : null, a.audience, formatDateTime(a.postedAt), a.editedAt ? 'edited' : null].filter(Boolean).join(' · ');
}

/**
 * The posts addressed to the signed-in user, pinned at the top of their dashboard (ADR 0029). Shows
 * nothing while loading or when there is none: the dashboard's own figures stay first in line.
 */
export function PinnedAnnouncements() {
  const heading = useId();
  const query = useMyAnnouncementsQuery();
  if (query.isError)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Announcements could not be loaded.
      </p>
    );
  const posts = query.data?.announcements ?? [];
  if (!posts.length) return null;
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3">
      <h2 id={heading} className="flex items-center gap-2 text-lg font-semibold">
        <Megaphone aria-hidden="true" className="size-5" />
        Announcements
      </h2>
      <ul className="grid gap-3" aria-label="Pinned announcements">
        {posts.map((a) => (
          <li key={a.id}>
            <Card className="border-primary/40">
              <CardHeader>
                <CardTitle>
                  <h3>{a.title}</h3>
                </CardTitle>
                <CardDescription>{announcementByline(a)}</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap break-words">{a.body}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
