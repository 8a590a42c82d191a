// Crypto-shredding's key table (ADR 0003), shared by every adapter: the wrapped data keys live in
// PostgreSQL (<schema>.subject_keys) whichever database holds the log, because erasure must really
// destroy a key, and an append-only log (KurrentDB's included) cannot forget a byte on request.
import type pg from 'pg';
import { newDataKey, unwrapDataKey, wrapDataKey } from '../crypto/personal-data.js';
import { SubjectErasedError, type NewEvent } from '../port.js';

export class SubjectKeys {
  private readonly t: string;

  /** `schema` must already be checked (assertSchemaName) and migrated (it holds subject_keys). */
  constructor(
    private readonly pool: pg.Pool,
    schema: string,
    private readonly masterKey: Buffer,
  ) {
    this.t = `"${schema}"`;
  }

  /** Data keys of the subjects in `events`, created on first use; refuses erased subjects. */
  async forWrite(events: NewEvent[]): Promise<Map<string, Buffer>> {
    const subjects = [...new Set(events.flatMap((e) => (e.personal ? [e.personal.subjectId] : [])))];
    const keys = new Map<string, Buffer>();
    if (subjects.length === 0) return keys;
    for (const s of subjects) if (typeof s !== 'string' || s === '') throw new TypeError('personal.subjectId must be a non-empty string');
    const load = () =>
      this.pool.query<{ subject_id: string; wrapped_key: Buffer | null; kek_id: string }>(
        `SELECT subject_id, wrapped_key, kek_id FROM ${this.t}.subject_keys WHERE subject_id = ANY($1::text[])`,
        [subjects],
      );
    let { rows } = await load();
    const missing = subjects.filter((s) => !rows.some((r) => r.subject_id === s));
    if (missing.length > 0) {
      const wrapped = missing.map((s) => wrapDataKey(this.masterKey, s, newDataKey()));
      // A concurrent first write for the same subject may win: DO NOTHING, then everyone reads the winner.
      await this.pool.query(
        `INSERT INTO ${this.t}.subject_keys (subject_id, wrapped_key, kek_id)
         SELECT * FROM unnest($1::text[], $2::bytea[], $3::text[]) ON CONFLICT (subject_id) DO NOTHING`,
        [missing, wrapped.map((w) => w.wrapped), wrapped.map((w) => w.kekId)],
      );
      ({ rows } = await load());
    }
    for (const r of rows) {
      if (r.wrapped_key === null) throw new SubjectErasedError(r.subject_id);
      keys.set(r.subject_id, unwrapDataKey(this.masterKey, r.subject_id, { wrapped: r.wrapped_key, kekId: r.kek_id }));
    }
    return keys;
  }

  /**
   * Keys of the subjects still readable. Read per call, never cached across calls: an erasure done
   * by another process must take effect on this process's very next read. Each key is unwrapped when
   * first asked for: a reader whose events another reader already opened (ADR 0035) needs only to
   * know the key is still there, and unwrapping every subject's key of every batch for each of them
   * was a tenth of a replay's CPU.
   */
  async forRead(subjectIds: Iterable<string>): Promise<Map<string, () => Buffer>> {
    const subjects = [...new Set(subjectIds)];
    const keys = new Map<string, () => Buffer>();
    if (subjects.length === 0) return keys;
    const { rows: found } = await this.pool.query<{ subject_id: string; wrapped_key: Buffer; kek_id: string }>(
      `SELECT subject_id, wrapped_key, kek_id FROM ${this.t}.subject_keys WHERE subject_id = ANY($1::text[]) AND wrapped_key IS NOT NULL`,
      [subjects],
    );
    for (const r of found) {
      let key: Buffer | undefined;
      keys.set(r.subject_id, () => (key ??= unwrapDataKey(this.masterKey, r.subject_id, { wrapped: r.wrapped_key, kekId: r.kek_id })));
    }
    return keys;
  }

  async erase(subjectId: string): Promise<void> {
    // A tombstone, not a DELETE: later appends of this subject's personal data are refused.
    await this.pool.query(
      `INSERT INTO ${this.t}.subject_keys (subject_id, wrapped_key, kek_id, erased_at) VALUES ($1, NULL, '-', now())
       ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL, erased_at = coalesce(subject_keys.erased_at, now())`,
      [subjectId],
    );
  }
}
