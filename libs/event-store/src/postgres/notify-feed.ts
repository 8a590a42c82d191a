// The PostgreSQL store's live feed (core/live-subscriptions.ts): one LISTEN connection per store on
// the channel append_events notifies with the new head, in the append's transaction.
import pg from 'pg';
import type { LiveFeed } from '../core/live-subscriptions.js';
import { channelName } from './schema.js';

export async function listenForAppends(pool: pg.Pool, schema: string, wake: (position: number) => void, dropped: () => void): Promise<LiveFeed> {
  const client = new pg.Client(pool.options);
  client.on('notification', (msg) => wake(Number(msg.payload)));
  client.on('error', dropped);
  client.on('end', dropped);
  const feed = {
    close(): void {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      client.end().catch(() => {});
    },
  };
  try {
    await client.connect();
    await client.query(`LISTEN "${channelName(schema)}"`);
    return feed;
  } catch (error) {
    feed.close();
    throw error;
  }
}
