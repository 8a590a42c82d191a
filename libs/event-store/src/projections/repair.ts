// The repair path of a failing projection (ADR 0010): after the cause is fixed (new handler code
// deployed, or an upcaster for the event's type), `projections retry <name>` asks the runner that
// leads it to try the failing event again, and reports what happened. The dispatcher and the
// reactors are repaired the same way (src/consumers/status.ts, `retryConsumer`).
import type pg from 'pg';
import { checkpointChannel, DEFAULT_CONTROL_SCHEMA, ensureControlSchema, q, type CheckpointRow } from './control.js';
import { failureOf, type ProjectionFailure } from './status.js';

export type RetryOutcome =
  /** The runner applied the event: the projection follows the log again. */
  | { result: 'recovered'; name: string; version: number; checkpoint: number }
  /** The runner tried and failed again (the mark stays, with the new error). */
  | { result: 'still failing'; name: string; version: number; checkpoint: number; failing: ProjectionFailure }
  /** Requested, but no runner tried within the wait (none is running?): it tries when one leads. */
  | { result: 'requested'; name: string; version: number; checkpoint: number; failing: ProjectionFailure }
  | { result: 'not failing'; name: string };

export interface RetryOptions {
  pool: pg.Pool;
  name: string;
  controlSchema?: string;
  /** How long to wait for the runner's try (default 15 s; 0: do not wait). */
  waitMs?: number;
}

export async function retryProjection(options: RetryOptions): Promise<RetryOutcome> {
  const control = options.controlSchema ?? DEFAULT_CONTROL_SCHEMA;
  await ensureControlSchema(options.pool, control);
  const t = `${q(control)}.checkpoints`;
  // The row lock is the one the runner marks failing under: a request counted here is one it has not seen.
  const { rows } = await options.pool.query<CheckpointRow>(
    `UPDATE ${t} SET retry_requests = retry_requests + 1 WHERE name = $1 AND status <> 'retired' AND failing_position IS NOT NULL RETURNING *`,
    [options.name],
  );
  if (rows.length === 0) return { result: 'not failing', name: options.name };
  for (const r of rows) {
    await options.pool.query(`SELECT pg_notify($1, $2)`, [checkpointChannel(control), JSON.stringify({ name: r.name, version: r.version, retry: true })]);
  }
  // Several versions (a live one and one building) may fail at once: report the first that answers badly.
  const deadline = Date.now() + (options.waitMs ?? 15_000);
  const outcomes: RetryOutcome[] = [];
  for (const asked of rows) {
    const read = async () =>
      (await options.pool.query<CheckpointRow>(`SELECT * FROM ${t} WHERE name = $1 AND version = $2`, [asked.name, asked.version])).rows[0] ?? null;
    const { result, row: r } = await awaitRetryAnswer(read, asked, deadline);
    const base = { name: asked.name, version: asked.version, checkpoint: Number(r?.position ?? asked.position) };
    outcomes.push(result === 'recovered' ? { result, ...base } : { result, ...base, failing: failureOf(r!)! });
  }
  return outcomes.find((o) => o.result === 'still failing') ?? outcomes.find((o) => o.result === 'requested') ?? outcomes[0];
}

type FailureColumns = Pick<CheckpointRow, 'position' | 'failing_position' | 'error' | 'failed_at' | 'attempts'>;

/**
 * Waits for the try a retry request asked for (projections and consumers alike): the mark gone
 * (`recovered`), a later `failed_at` (`still failing`: a new try stamps it with its clock time), or
 * the deadline (`requested`: no one tried).
 */
export async function awaitRetryAnswer<R extends FailureColumns>(
  read: () => Promise<R | null>,
  asked: R,
  deadline: number,
): Promise<{ result: 'recovered' | 'still failing' | 'requested'; row: R | null }> {
  for (;;) {
    const r = await read();
    if (!r || r.failing_position === null) return { result: 'recovered', row: r };
    if (r.failed_at && asked.failed_at && r.failed_at.getTime() > asked.failed_at.getTime()) return { result: 'still failing', row: r };
    if (Date.now() >= deadline) return { result: 'requested', row: r };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
