// The leader's own connection (ADR 0004 §2): a session-level advisory lock taken on a `pg.Client` of
// its own, not a pool's, and every write of the leader goes through it. When the process dies the
// socket closes, the backend ends and the lock is released; a leader whose connection died cannot
// write without the lock, since its writes die with the connection. Wake-ups (retry requests, a
// newer projection version going live) are LISTENed for on the same connection.
import pg from 'pg';
import { q } from '../projections/control.js';

export class LeaderConnection {
  readonly client: pg.Client;
  /** The connection died (its lock with it): the follow in flight ends and the processor takes its lock again. */
  lost = false;

  /** `onLost` hears the connection's death (with its error, if it gave one). */
  constructor(config: pg.ClientConfig, onLost: (error?: unknown) => void) {
    this.client = new pg.Client(config);
    this.client.on('error', (e) => {
      this.lost = true;
      onLost(e);
    });
    this.client.on('end', () => {
      this.lost = true;
      onLost();
    });
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  /** One try at the session lock (pg_try_advisory_lock: never blocks, so stop() is never held up by a wait). */
  async tryLock(key: string): Promise<boolean> {
    const { rows } = await this.client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS ok`);
    return rows[0].ok;
  }

  /** Hands every notification on `channel` to `heard`. */
  async listen(channel: string, heard: (payload: string) => void): Promise<void> {
    this.client.on('notification', (msg) => heard(msg.payload ?? ''));
    await this.client.query(`LISTEN ${q(channel)}`);
  }

  /** Ending the session releases the session-level lock (and rolls back anything open). */
  async close(): Promise<void> {
    this.client.removeAllListeners('error');
    this.client.removeAllListeners('end');
    this.client.removeAllListeners('notification');
    this.client.on('error', () => {});
    await this.client.end().catch(() => {});
  }
}
