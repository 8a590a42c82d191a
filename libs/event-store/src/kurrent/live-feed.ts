// The KurrentDB store's live feed (core/live-subscriptions.ts): one subscription to the log stream
// per store, from its end, reporting each new record's position.
import { END, type EventStoreDBClient, type ResolvedEvent } from '@eventstore/db-client';
import type { LiveFeed } from '../core/live-subscriptions.js';

export function followLog(client: EventStoreDBClient, stream: string, wake: (position: number) => void, dropped: () => void): Promise<LiveFeed> {
  const live = client.subscribeToStream(stream, { fromRevision: END });
  live.on('data', (resolved: ResolvedEvent) => wake(resolved.event ? Number(resolved.event.revision) + 1 : 0));
  live.on('error', dropped);
  live.on('end', dropped);
  return Promise.resolve({
    close(): void {
      live.unsubscribe().catch(() => {});
    },
  });
}
