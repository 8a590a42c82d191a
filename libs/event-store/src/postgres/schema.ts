// The DDL the Postgres adapter owns (read models live elsewhere), as numbered migrations
// (migrations.ts applies each once and records it in <schema>.schema_migrations).
import { createHash } from 'node:crypto';

/** Genesis "previous hash" of position 1. */
export const GENESIS_HASH = '0'.repeat(64);

export function assertSchemaName(schema: string): void {
  // Interpolated into DDL and a NOTIFY channel name: keep it a plain, short identifier.
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(schema)) throw new Error(`invalid event store schema name: ${JSON.stringify(schema)}`);
}

/** A stable 64-bit advisory-lock key per (schema, purpose), so two stores in one database never share a lock. */
export function lockKey(schema: string, purpose: 'append' | 'migrate'): string {
  return createHash('sha256').update(`academy-event-store\0${schema}\0${purpose}`).digest().readBigInt64BE(0).toString();
}

export function channelName(schema: string): string {
  return `${schema}_appended`;
}

/**
 * Migration 2: what the auditor's questions filter on (issue 16). Without these each filtered page of
 * the Event log, each Why step and each time travel walked the whole log (docs/benchmarks.md, audit).
 * Every index is (key, position), so a filtered page is one ordered index range that stops at its
 * size. `data` gets a jsonb_path_ops GIN index for containment (`data @> {"subjectId": …}`): the
 * questions key on a field of the data (a subject, a submission), and one index serves every field.
 */
export function auditIndexesSql(schema: string): string {
  const s = `"${schema}"`;
  return `
CREATE INDEX IF NOT EXISTS events_type_position ON ${s}.events (type, position);
CREATE INDEX IF NOT EXISTS events_actor_position ON ${s}.events ((metadata->>'actorId'), position);
CREATE INDEX IF NOT EXISTS events_correlation_position ON ${s}.events ((metadata->>'correlationId'), position);
CREATE INDEX IF NOT EXISTS events_recorded_at ON ${s}.events (recorded_at);
CREATE INDEX IF NOT EXISTS events_data ON ${s}.events USING gin (data jsonb_path_ops);
`;
}

/**
 * Migration 1, the baseline: the log, the subject keys, the append-only triggers and append_events,
 * as the adapter made them (idempotently, on every start) before migrations were numbered. Every
 * statement is IF NOT EXISTS / OR REPLACE, so it applies cleanly over a database the older code made.
 */
export function baselineSql(schema: string): string {
  const s = `"${schema}"`;
  return `
CREATE TABLE IF NOT EXISTS ${s}.events (
  position        bigint      PRIMARY KEY,          -- assigned under the append lock: gap-free, commit order
  stream_id       text        NOT NULL,
  stream_version  integer     NOT NULL,
  event_id        uuid        NOT NULL,
  type            text        NOT NULL,
  schema_version  integer     NOT NULL,
  data            jsonb       NOT NULL,
  personal        jsonb,                            -- {subjectId, alg, iv, tag, ct}: ciphertext only
  metadata        jsonb       NOT NULL,
  recorded_at     timestamptz NOT NULL,
  prev_hash       text        NOT NULL,
  hash            text        NOT NULL,
  CONSTRAINT events_event_id_key UNIQUE (event_id),
  CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
);

CREATE TABLE IF NOT EXISTS ${s}.subject_keys (
  subject_id   text        PRIMARY KEY,
  wrapped_key  bytea,                               -- NULL once erased: the row stays as a tombstone
  kek_id       text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  erased_at    timestamptz,
  CONSTRAINT subject_keys_erased_check CHECK ((wrapped_key IS NULL) = (erased_at IS NOT NULL))
);

-- Defence in depth: the log is append-only for anyone who does not first disable these triggers
-- (an owner can; the hash chain is what catches that).
CREATE OR REPLACE FUNCTION ${s}.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'the event log is append-only: % on %.% refused', TG_OP, TG_TABLE_SCHEMA, TG_TABLE_NAME;
END $fn$;
CREATE OR REPLACE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON ${s}.events
  FOR EACH ROW EXECUTE FUNCTION ${s}.refuse_change();
CREATE OR REPLACE TRIGGER events_no_truncate BEFORE TRUNCATE ON ${s}.events
  FOR EACH STATEMENT EXECUTE FUNCTION ${s}.refuse_change();

-- One call appends a GROUP of appends (one or more; see PostgresEventStore) in one transaction, each
-- with its own outcome: 'ok', 'duplicate' (a retry: nothing written, original result returned),
-- 'conflict' (expected version mismatch) or 'id_conflict'. p_counts[i] events of append i are at
-- p_ids/p_bodies[from..from+count-1]. A body is the canonical JSON of the event as stored, minus the
-- three fields only known here (position, stream_version, prev_hash): the hash covers exactly that
-- text, and the columns are taken from it, so what is hashed is what is stored.
CREATE OR REPLACE FUNCTION ${s}.append_events(p_streams text[], p_expected integer[], p_counts integer[], p_ids uuid[], p_bodies text[])
RETURNS TABLE (r_index integer, r_status text, r_last_position bigint, r_stream_version integer, r_actual_version integer, r_conflicting text[])
LANGUAGE plpgsql AS $fn$
DECLARE
  v_from     integer := 1;
  v_to       integer;
  v_n        integer;
  v_found    integer;
  v_same     integer;
  v_last_pos bigint;
  v_last_ver integer;
  v_ids      text[];
  v_version  integer;
  v_pos      bigint;
  v_prev     text;
  v_prevs    text[];
  v_hashes   text[];
  v_wrote    boolean := false;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'event store appends must run under READ COMMITTED: each statement below must see the latest committed head';
  END IF;
  -- The single ordered append path (ADR 0002). Held until commit, so positions and the hash chain
  -- are assigned in commit order and no reader can see position n+1 before n.
  PERFORM pg_advisory_xact_lock(${lockKey(schema, 'append')});

  SELECT e.position, e.hash INTO v_pos, v_prev FROM ${s}.events e ORDER BY e.position DESC LIMIT 1;
  IF NOT FOUND THEN
    v_pos := 0;
    v_prev := '${GENESIS_HASH}';
  END IF;

  FOR i IN 1 .. coalesce(array_length(p_streams, 1), 0) LOOP
    v_n := p_counts[i];
    v_to := v_from + v_n - 1;
    -- Idempotency first: a retry of an append that succeeded must not then fail on expectedVersion.
    -- (Statements see this transaction's own earlier inserts, so appends of one group see each other.)
    SELECT count(*)::int, (count(*) FILTER (WHERE e.stream_id = p_streams[i]))::int,
           max(e.position), max(e.stream_version), array_agg(e.event_id::text)
      INTO v_found, v_same, v_last_pos, v_last_ver, v_ids
      FROM ${s}.events e
     WHERE e.event_id = ANY (p_ids[v_from:v_to]);
    IF v_found > 0 THEN
      IF v_found = v_n AND v_same = v_n THEN
        RETURN QUERY SELECT i, 'duplicate'::text, v_last_pos, v_last_ver, NULL::integer, NULL::text[];
      ELSE
        RETURN QUERY SELECT i, 'id_conflict'::text, NULL::bigint, NULL::integer, NULL::integer, v_ids;
      END IF;
    ELSE
      SELECT coalesce(max(e.stream_version), 0) INTO v_version FROM ${s}.events e WHERE e.stream_id = p_streams[i];
      IF p_expected[i] IS NOT NULL AND p_expected[i] <> v_version THEN
        RETURN QUERY SELECT i, 'conflict'::text, NULL::bigint, NULL::integer, v_version, NULL::text[];
      ELSE
        v_prevs := '{}';
        v_hashes := '{}';
        FOR k IN v_from .. v_to LOOP
          v_prevs := v_prevs || v_prev;
          v_pos := v_pos + 1;
          v_version := v_version + 1;
          v_prev := encode(sha256(convert_to(v_prev || E'\n' || v_pos || E'\n' || v_version || E'\n' || p_bodies[k], 'UTF8')), 'hex');
          v_hashes := v_hashes || v_prev;
        END LOOP;
        INSERT INTO ${s}.events (position, stream_id, stream_version, event_id, type, schema_version, data, personal, metadata, recorded_at, prev_hash, hash)
        SELECT v_pos - v_n + t.o, t.j->>'streamId', v_version - v_n + t.o::integer, (t.j->>'eventId')::uuid, t.j->>'type',
               (t.j->>'schemaVersion')::integer, t.j->'data', nullif(t.j->'personal', 'null'::jsonb), t.j->'metadata',
               (t.j->>'recordedAt')::timestamptz, v_prevs[t.o], v_hashes[t.o]
          -- OFFSET 0 keeps the subquery from being flattened, which would parse each body once per t.j reference.
          FROM (SELECT u.b::jsonb AS j, u.o FROM unnest(p_bodies[v_from:v_to]) WITH ORDINALITY AS u(b, o) OFFSET 0) AS t;
        v_wrote := true;
        RETURN QUERY SELECT i, 'ok'::text, v_pos, v_version, NULL::integer, NULL::text[];
      END IF;
    END IF;
    v_from := v_to + 1;
  END LOOP;

  IF v_wrote THEN
    PERFORM pg_notify('${channelName(schema)}', v_pos::text);
  END IF;
END $fn$;
`;
}
