// Read-your-writes (ADR 0005): wait until the LIVE versions of the named projections have applied
// the log up to a position. Woken by the runners' NOTIFY; polls as a fallback (a lost notification
// or a dropped LISTEN connection only delays an answer, never wrongs it). A wait on a projection
// marked failing (ADR 0010) ends at once: it could only time out.
import pg from 'pg';
import { checkpointChannel, DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q } from './control.js';

export interface ConsistencyResult {
  /** True when every named projection's live checkpoint is ≥ position. */
  reached: boolean;
  position: number;
  /** The projections still behind when the wait ended (empty when reached). */
  behind: { name: string; checkpoint: number }[];
  waitedMs: number;
  /** Of `behind`, those marked failing at a position ≤ the one waited for: the wait ended at once (absent when none). */
  failing?: { name: string; checkpoint: number; position: number; error: string }[];
}

export interface ConsistencyWaiterOptions {
  pool: pg.Pool;
  controlSchema?: string;
  /** Poll interval while someone waits (default 200 ms). */
  pollIntervalMs?: number;
  /** The bound of a wait called without one (default DEFAULT_CONSISTENCY_TIMEOUT_MS; the app's CONSISTENCY_WAIT_MS). */
  timeoutMs?: number;
}

interface Wait {
  names: string[];
  position: number;
  resolve(): void;
}

/** Response header carrying the position a client may wait for (ADR 0005). */
export const POSITION_HEADER = 'X-Academy-Position';
/** Request header of a query that must reflect a position (its own earlier write). */
export const MIN_POSITION_HEADER = 'X-Academy-Min-Position';
/** Default bound of a command's wait (ADR 0005). */
export const DEFAULT_CONSISTENCY_TIMEOUT_MS = 3000;

/**
 * Maps a wait's outcome to the HTTP answer of a command (ADR 0005): 200 when the screen's
 * projections caught up, 503 when one of them is marked failing (ADR 0010: waiting cannot help),
 * else 202 with the position, so the client re-reads with MIN_POSITION_HEADER.
 */
export function commandAnswer(result: ConsistencyResult): { status: 200 | 202 | 503; headers: Record<string, string> } {
  const headers: Record<string, string> = { [POSITION_HEADER]: String(result.position) };
  if (result.reached) return { status: 200, headers };
  if (result.failing?.length) return { status: 503, headers };
  return { status: 202, headers: { ...headers, 'Retry-After': '1' } };
}

/** The message of that 503: it names the projections and where they stopped. */
export function failingMessage(result: ConsistencyResult): string {
  const which = (result.failing ?? []).map((f) => `"${f.name}" (stopped at position ${f.position})`).join(', ');
  return `Your change is saved, but the read model ${which} cannot show it yet: it needs an administrator's repair.`;
}

export class ConsistencyWaiter {
  private readonly control: string;
  private readonly known = new Map<string, number>();
  /** Live projections marked failing, by name: the position they stopped at and why. */
  private readonly failing = new Map<string, { position: number; error: string }>();
  private readonly waits = new Set<Wait>();
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private poller: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: ConsistencyWaiterOptions) {
    this.control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
  }

  /** Resolves when every named projection's live checkpoint reached `position`, or at the bound. */
  async wait(names: string[], position: number, timeoutMs: number = this.options.timeoutMs ?? DEFAULT_CONSISTENCY_TIMEOUT_MS): Promise<ConsistencyResult> {
    const t0 = Date.now();
    if (this.closed) throw new Error('consistency waiter is closed');
    if (names.length === 0 || position <= 0) return { reached: true, position, behind: [], waitedMs: 0 };
    await ensureControlSchema(this.options.pool, this.control);
    void this.listen();
    // Fresh read first: the cache may be stale, and most waits are already satisfied.
    await this.refresh(names);
    if (!this.isBehind(names, position)) return { reached: true, position, behind: [], waitedMs: Date.now() - t0 };
    if (this.isStuck(names, position)) return this.result(names, position, t0);
    await new Promise<void>((resolve) => {
      const w: Wait = { names, position, resolve: () => finish() };
      const timer = setTimeout(() => finish(), timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.waits.delete(w);
        if (this.waits.size === 0) this.stopPolling();
        resolve();
      };
      this.waits.add(w);
      this.check(); // a notification may have landed between the read above and now
      this.startPolling();
    });
    if (this.isBehind(names, position)) await this.refresh(names).catch(() => {});
    return this.result(names, position, t0);
  }

  private result(names: string[], position: number, t0: number): ConsistencyResult {
    const behind = names.filter((n) => (this.known.get(n) ?? 0) < position).map((n) => ({ name: n, checkpoint: this.known.get(n) ?? 0 }));
    const failing = behind.flatMap((b) => {
      const f = this.failing.get(b.name);
      return f && f.position <= position ? [{ ...b, ...f }] : [];
    });
    return { reached: behind.length === 0, position, behind, waitedMs: Date.now() - t0, ...(failing.length ? { failing } : {}) };
  }

  private isBehind(names: string[], position: number): boolean {
    return names.some((n) => (this.known.get(n) ?? 0) < position);
  }

  /** Behind, and one of the projections behind is failing at or before `position`: it will not get there. */
  private isStuck(names: string[], position: number): boolean {
    return names.some((n) => (this.known.get(n) ?? 0) < position && (this.failing.get(n)?.position ?? Infinity) <= position);
  }

  private record(name: string, position: number): void {
    if (position > (this.known.get(name) ?? -1)) this.known.set(name, position);
  }

  /** A rebuild swap may move a live checkpoint; take the database's word over the cache. */
  private async refresh(names: string[]): Promise<void> {
    const { rows } = await this.options.pool.query<{ name: string; position: string; failing_position: string | null; error: string | null }>(
      `SELECT name, position, failing_position, error FROM ${q(this.control)}.checkpoints WHERE status = 'live' AND name = ANY($1::text[])`,
      [names],
    );
    for (const r of rows) {
      this.known.set(r.name, Number(r.position));
      this.setFailing(r.name, r.failing_position === null ? null : { position: Number(r.failing_position), error: r.error ?? '' });
    }
    this.check();
  }

  private setFailing(name: string, failing: { position: number; error: string } | null): void {
    if (failing) this.failing.set(name, failing);
    else this.failing.delete(name);
  }

  private check(): void {
    for (const w of this.waits) if (!this.isBehind(w.names, w.position) || this.isStuck(w.names, w.position)) w.resolve();
  }

  private startPolling(): void {
    if (this.poller) return;
    this.poller = setInterval(() => {
      const names = [...new Set([...this.waits].flatMap((w) => w.names))];
      if (names.length) this.refresh(names).catch(() => {});
    }, this.options.pollIntervalMs ?? 200);
    this.poller.unref();
  }

  private stopPolling(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }

  private listen(): Promise<void> {
    if (this.listener || this.connecting || this.closed) return this.connecting ?? Promise.resolve();
    this.connecting = (async () => {
      const client = new pg.Client(this.options.pool.options);
      const drop = () => {
        if (this.listener === client) this.listener = null;
        client.end().catch(() => {});
      };
      client.on('error', drop);
      client.on('end', drop);
      client.on('notification', (msg) => {
        try {
          const n = JSON.parse(msg.payload ?? '') as { name: string; position: number; status: string; failing?: { position: number; error: string } | null };
          if (n.status === 'live') {
            this.record(n.name, n.position);
            if (n.failing !== undefined) this.setFailing(n.name, n.failing);
            this.check();
          }
        } catch {
          /* not ours */
        }
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${q(checkpointChannel(this.control))}`);
        if (this.closed) await client.end();
        else {
          this.listener = client;
          // A checkpoint that moved between a wait's first read and this LISTEN sent its notification
          // to nobody: read once more, or that wait would sleep until the next poll.
          const names = [...new Set([...this.waits].flatMap((w) => w.names))];
          if (names.length) await this.refresh(names).catch(() => {});
        }
      } catch {
        drop(); // polling carries on; the next wait() tries LISTEN again
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waits) w.resolve();
    this.stopPolling();
    if (this.connecting) await this.connecting;
    const l = this.listener;
    this.listener = null;
    if (l) {
      l.removeAllListeners('end');
      l.removeAllListeners('error');
      l.on('error', () => {});
      await l.end().catch(() => {});
    }
  }
}

/** One-off wait with a waiter of its own (prefer one long-lived ConsistencyWaiter per process). */
export async function waitForProjections(
  pool: pg.Pool,
  names: string[],
  position: number,
  timeoutMs: number = DEFAULT_CONSISTENCY_TIMEOUT_MS,
  controlSchema?: string,
): Promise<ConsistencyResult> {
  const waiter = new ConsistencyWaiter({ pool, controlSchema });
  try {
    return await waiter.wait(names, position, timeoutMs);
  } finally {
    await waiter.close();
  }
}
