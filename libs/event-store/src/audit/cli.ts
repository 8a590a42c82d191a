// The `academy` CLI's audit and projection commands, as one function the API package composes with
// its own store, pool and projection registry (`npm run academy -- <command>`).
import { readFileSync, writeFileSync } from 'node:fs';
import type pg from 'pg';
import {
  type AuditAccessState,
  type AuditAsOfFilter,
  type AsOfName,
  type AuditAsOfResponse,
  type AuditCheckpoint,
  type AuditEventDetail,
  type AuditEventsFilter,
  type AuditEventsResponse,
  auditAsOfQuerySchema,
  auditEventsQuerySchema,
} from '@academy/contracts';
import type { ChainHead, EventStore } from '../port.js';
import { rebuildProjection } from '../projections/rebuild.js';
import { consumerExists, consumersStatus, retryConsumer } from '../consumers/status.js';
import { retryProjection } from '../projections/repair.js';
import { projectionsStatus } from '../projections/status.js';
import type { Projection } from '../projections/types.js';
import { auditReplay, type ReplayProgress } from './replay.js';
import { verifyBundle } from './evidence.js';
import { backupEventStore, restoreEventStore } from './backup.js';
import { checkpointProblem, type SignedCheckpoint, signCheckpoint, type SigningKey } from './checkpoint.js';

export interface AcademyCliDeps {
  store: EventStore;
  pool: pg.Pool;
  projections: Projection[];
  /** Where output goes (process.stdout). */
  out: { write(text: string): unknown };
  /** Where progress goes (process.stderr), so stdout stays the result alone. */
  err?: { write(text: string): unknown };
  /** The Ed25519 key of signed checkpoints (AUDIT_SIGNING_KEY), loaded only by the commands that need it. */
  signingKey?: () => SigningKey;
  /** The clock (ISO instants), for tests. */
  now?: () => Date;
  controlSchema?: string;
  /** The Postgres schema of the log (the adapter's default 'event_store'), for backup and restore. */
  eventStoreSchema?: string;
  /**
   * "Why?" (issue 16), composed from the audit context, which owns the walk: the value and its causes
   * newest first, or null when there is no such value; an unknown view throws.
   */
  why?: (view: string, id: string) => Promise<WhyAnswer | null>;
  /**
   * Time travel (issue 16), composed from the audit context and the contexts' own folds: the view as
   * it stood then, or null when the enrollment did not exist then.
   */
  /** Time travel; people's names in clear with `clear` (`--personal`), else masked. */
  asOf?: (filter: AuditAsOfFilter, clear: boolean) => Promise<AuditAsOfResponse | null>;
  /** An evidence bundle of from..to (composed from the audit context, which keeps the signed checkpoints). */
  exportEvidence?: (from: number, to: number) => Promise<{ text: string; lastPosition: number; events: number; checkpoints: number[] }>;
  /** The signed checkpoints recorded in the log, newest first (the Verify page's list; composed from the audit context). */
  checkpoints?: () => Promise<AuditCheckpoint[]>;
  /** Every auditor who was ever granted personal data, with the grant's state now (composed from the audit context). */
  grants?: () => Promise<AuditAccessState[]>;
  /** The Event log: a keyset page, newest first (composed from the audit context). */
  events?: (filter: AuditEventsFilter) => Promise<AuditEventsResponse>;
  /** One event in full with its hashes, personal fields clear or masked; null when there is none. */
  event?: (position: number, clear: boolean) => Promise<AuditEventDetail | null>;
}

/** The Event log's filters, as `--<name> <value>` (the page's address, ?stream=&type=…). */
const LOG_FLAGS = ['stream', 'type', 'context', 'actor', 'correlation', 'from', 'to', 'before', 'limit'] as const;
const EVENTS_USAGE = `audit events takes [--${LOG_FLAGS.join(' <…>] [--')} <…>]: the Event log's filters (AND-ed), --before the previous page's "older" position`;

/** What `audit why` prints: the value, then each cause with its actor and time. */
export interface WhyAnswer {
  value: string;
  chain: Array<{ position: number; type: string; streamId: string; recordedAt: string; link: string; metadata: { actorId: string | null; actorRole: string | null } }>;
}

export const ACADEMY_CLI_USAGE = `usage: academy <command>
  audit verify [--head <position>:<hash>]   walk the hash chain (progress with ETA on stderr); with --head, also detect a cut or rewritten end
  audit verify --checkpoint <file>          the same, and the chain must pass through that signed checkpoint (its signature checked first)
  audit checkpoint                          verify, then print a checkpoint of the head signed with AUDIT_SIGNING_KEY (JSON: keep it outside the database)
  audit head                                print the head {position, hash} to keep outside the database
  audit why <view> <id>                     the causal chain of a value: view enrollment-week or enrollment-status
                                            (id: an enrollment), grade-status (id: a submission); exit 1 when none
  audit as-of <date> <view> [<id>] [--personal]
                                            a screen as it stood then, folded from the log up to that moment, with the
                                            names as they stood (people's masked; --personal: in clear):
                                            gradebook <subject id>, enrollment <enrollment id>, pipeline; exit 1 when none
  audit export-evidence <from> <to> <file>  write the events from..to (extended to the nearest signed checkpoint after <to>)
                                            with their hashes, that checkpoint and a signature line to a new JSON-lines file
  audit verify-bundle <file> [--public-key <base64>]
                                            check an evidence bundle with nothing but the file (no database, no API): every
                                            hash and link (naming the first event that fails), the closing signed checkpoint,
                                            then its signature; --public-key: the academy's key signed it (exit 1 if not)
  audit checkpoints                         the signed checkpoints recorded in the log (Sign a checkpoint, the schedule), newest
                                            first, with who made them
  audit export-checkpoint <position|id> <file>
                                            write a recorded checkpoint (the newest at that position, or by id) to a new file,
                                            the same file the Verify page exports: keep it outside the database, give it to
                                            audit verify --checkpoint later
  audit events [--stream <id>] [--type <event type>] [--context <context>] [--actor <user id>] [--correlation <id>]
               [--from <ISO time>] [--to <ISO time>] [--before <position>] [--limit <1-200>]
                                            the Event log, newest first, a page at a time (no personal values)
  audit event <position> [--personal]       one event in full: data, metadata, personal fields (masked; --personal: in clear),
                                            hash and previous hash; exit 1 when there is none
  audit grants                              the auditors granted personal data, and whether the grant stands (since, by whom)
  audit replay                              rebuild every projection into a scratch schema and diff with the live tables
                                            (progress with counts and ETA on stderr)
  projections status                        name, version, status, checkpoint, head and lag of every projection
                                            and consumer (dispatcher, reactors), and where and why one is failing
                                            (exit 1 when one is)
  projections retry <name>                  after a fix, have the runner (or the dispatcher, a reactor) of that
                                            name try the event it is failing at again
  projections rebuild <name>                rebuild a projection from position 0 into fresh tables, then swap them in
                                            (progress with ETA on stderr)
  backup <file>                             write the event log (signed checkpoints included) and the wrapped subject keys
                                            to a new gzip file, one consistent snapshot; read models are not in it
  restore <file>                            load a backup into an EMPTY database (refused otherwise), then verify the
                                            chain; start the worker to rebuild the read models (same ACADEMY_MASTER_KEY)
exit codes: 0 ok, 1 check failed (chain broken, replay differs, projection failing), 2 usage error`;

function parseHead(value: string | undefined): ChainHead | null {
  const m = /^(\d+):([0-9a-f]{64})$/.exec(value ?? '');
  return m ? { position: Number(m[1]), hash: m[2] } : null;
}

/** `verify: 12000/986880 events (1 %), ETA 42 s` on stderr after each batch (`label`: what is walked); nothing when there is no stderr. */
function progressOnStderr(deps: AcademyCliDeps, label = 'verify') {
  const err = deps.err;
  if (!err) return undefined;
  const started = Date.now();
  return ({ checked, total }: { checked: number; total: number }, of = '', after = 0) => {
    const rate = checked / Math.max(1, Date.now() - started);
    const left = Math.max(0, total - checked) + after;
    const percent = total ? Math.min(100, Math.floor((checked / total) * 100)) : 100;
    err.write(`${label}${of}: ${checked}/${total} events (${percent} %), ETA ${rate > 0 ? Math.ceil(left / rate / 1000) : '?'} s\n`);
  };
}

/**
 * `replay users (1/8): 2000/5000 events (40 %), ETA 9 s`: the ETA counts the projections still to come
 * as this one's head each (they replay the same log), at the rate of the events replayed so far.
 */
export function replayProgressOnStderr(deps: AcademyCliDeps): ((p: ReplayProgress) => void) | undefined {
  const line = progressOnStderr(deps, 'replay');
  if (!line) return undefined;
  let done = 0;
  let current = '';
  let last = 0;
  return (p) => {
    if (p.projection !== current) {
      done += last;
      current = p.projection;
    }
    last = p.applied;
    // The rate is over every event replayed so far (all projections), so it is measured against `done`.
    line({ checked: done + p.applied, total: done + p.head }, ` ${p.projection} (${p.index}/${p.count})`, (p.count - p.index) * p.head);
  };
}

/** Runs one command; returns the process exit code. Errors of the command itself are printed, not thrown. */
export async function runAcademyCli(argv: string[], deps: AcademyCliDeps): Promise<number> {
  const print = (line = '') => deps.out.write(line + '\n');
  const [group, command, ...rest] = argv;
  const key = group === 'backup' || group === 'restore' ? group : `${group ?? ''} ${command ?? ''}`;
  try {
    if (key === 'backup' || key === 'restore') {
      if (!command || rest.length) {
        print(`${key} <file>: which file?`);
        return 2;
      }
      const schema = deps.eventStoreSchema ?? 'event_store';
      // A refused or broken restore, an existing target file: one line through the catch below, exit 1.
      if (key === 'backup') {
        const b = await backupEventStore(deps.pool, schema, command, deps.now?.());
        print(`backed up ${b.events} events (${b.checkpoints} signed checkpoints) and ${b.keys} subject keys, head ${b.head.position}:${b.head.hash}, to ${command}`);
        return 0;
      }
      const r = await restoreEventStore(deps.pool, schema, command);
      print(`restored ${r.events} events (${r.checkpoints} signed checkpoints) and ${r.keys} subject keys, head ${r.head.position}:${r.head.hash}`);
      const v = await deps.store.verify({ onProgress: progressOnStderr(deps) });
      if (!v.ok) {
        print(`FAILED at position ${v.position}: ${v.reason} (${v.checked} events checked before it)`);
        return 1;
      }
      print(`ok: ${v.checked} events, head ${v.head.position}:${v.head.hash}; start the worker to rebuild the read models, then: academy audit replay`);
      return 0;
    }
    switch (key) {
      case 'audit verify':
      case 'audit checkpoint': {
        let expectedHead: ChainHead | undefined;
        const i = rest.indexOf('--head');
        if (i >= 0) {
          const h = parseHead(rest[i + 1]);
          if (!h) {
            print('--head takes <position>:<64 hex digits>, as printed by `audit head`');
            return 2;
          }
          expectedHead = h;
        }
        const c = rest.indexOf('--checkpoint');
        if (c >= 0) {
          if (!rest[c + 1] || !deps.signingKey) {
            print('--checkpoint takes the file of a signed checkpoint (audit checkpoint, or Export on the Verify page)');
            return 2;
          }
          let checkpoint: SignedCheckpoint;
          try {
            checkpoint = JSON.parse(readFileSync(rest[c + 1], 'utf8')) as SignedCheckpoint;
          } catch (e) {
            print(`${rest[c + 1]}: ${e instanceof Error ? e.message : String(e)}`);
            return 2;
          }
          const problem = checkpointProblem(deps.signingKey(), checkpoint);
          if (problem) {
            print(`FAILED: checkpoint ${rest[c + 1]}: ${problem}`);
            return 1;
          }
          expectedHead = { position: checkpoint.position, hash: checkpoint.headHash };
        }
        const r = await deps.store.verify({ expectedHead, onProgress: progressOnStderr(deps) });
        if (!r.ok) {
          print(`FAILED at position ${r.position}: ${r.reason} (${r.checked} events checked before it)`);
          return 1;
        }
        if (key === 'audit checkpoint') {
          if (!deps.signingKey) throw new Error('audit checkpoint needs the signing key');
          print(JSON.stringify(signCheckpoint(deps.signingKey(), r.head, (deps.now?.() ?? new Date()).toISOString()), null, 2));
          return 0;
        }
        print(`ok: ${r.checked} events, head ${r.head.position}:${r.head.hash}`);
        return 0;
      }
      case 'audit head': {
        const h = await deps.store.head();
        print(`${h.position}:${h.hash}`);
        return 0;
      }
      case 'audit why': {
        const [view, id] = rest;
        if (!view || !id || !deps.why) {
          print('audit why takes <view> <id>: enrollment-week|enrollment-status <enrollment id>, grade-status <submission id>');
          return 2;
        }
        const answer = await deps.why(view, id);
        if (!answer) {
          print(`nothing to explain: no ${view} for ${id}`);
          return 1;
        }
        print(answer.value);
        for (const s of answer.chain) {
          const by = s.metadata.actorId ? `${s.metadata.actorRole ?? '?'} ${s.metadata.actorId}` : (s.metadata.actorRole ?? 'system');
          print(`  ← ${s.type} #${s.position} (${s.streamId}) by ${by} at ${s.recordedAt}${s.link === 'value' ? '' : ` [${s.link}]`}`);
        }
        return 0;
      }
      case 'audit as-of': {
        const clear = rest.includes('--personal');
        const [at, view, id, ...extra] = rest.filter((a) => a !== '--personal');
        const parsed = auditAsOfQuerySchema.safeParse({ at, view, id });
        if (!deps.asOf || !parsed.success || extra.length) {
          const why = parsed.success ? '' : `${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n`;
          print(`${why}audit as-of takes <date> <view> [<id>] [--personal]: <date> ISO 8601 with a zone (2026-11-24T12:00:00Z); gradebook <subject id>, enrollment <enrollment id>, pipeline`);
          return 2;
        }
        const answer = await deps.asOf(parsed.data, clear);
        if (!answer) {
          print(`no ${parsed.data.view} ${parsed.data.id ?? ''} as of ${parsed.data.at}`.replace('  ', ' '));
          return 1;
        }
        for (const line of asOfLines(answer)) print(line);
        return 0;
      }
      case 'audit verify-bundle':
        return verifyBundleCommand(rest, deps.out);
      case 'audit export-evidence': {
        const [from, to, file] = rest.map((v) => v ?? '');
        const f = Number(from);
        const t = Number(to);
        if (!deps.exportEvidence || !file || !Number.isSafeInteger(f) || !Number.isSafeInteger(t) || f < 1 || t < f) {
          print('audit export-evidence takes <from> <to> <file>: positions 1 ≤ from ≤ to, and a new file');
          return 2;
        }
        const bundle = await deps.exportEvidence(f, t);
        writeFileSync(file, bundle.text, { flag: 'wx' });
        print(`wrote ${bundle.events} events (${f}..${bundle.lastPosition}) and ${bundle.checkpoints.length ? `signed checkpoints ${bundle.checkpoints.join(', ')}` : 'no signed checkpoint (sign one after <to>, then export again)'} to ${file}`);
        return 0;
      }
      case 'audit checkpoints': {
        if (!deps.checkpoints) throw new Error('audit checkpoints needs the audit context');
        const list = await deps.checkpoints();
        if (!list.length) print('no signed checkpoint yet: academy audit checkpoint prints one; Sign a checkpoint on the Verify page, or the schedule, records one');
        for (const c of list) print(`checkpoint ${c.position} signed ${c.at} by ${c.byUserId ?? 'the schedule'}: head ${c.headHash}, key ${c.keyId}, id ${c.id}`);
        return 0;
      }
      case 'audit export-checkpoint': {
        const [which, file] = rest;
        if (!deps.checkpoints || !which || !file || rest.length > 2) {
          print('audit export-checkpoint takes <position|id> <file>: a checkpoint listed by audit checkpoints, and a new file');
          return 2;
        }
        // The newest at that position (the list is newest first), or the one with that id.
        const found = (await deps.checkpoints()).find((c) => (/^\d+$/.test(which) ? c.position === Number(which) : c.id === which));
        if (!found) {
          print(`no signed checkpoint ${/^\d+$/.test(which) ? 'at position' : 'with id'} ${which} (see academy audit checkpoints)`);
          return 1;
        }
        const { id: _id, byUserId: _by, ...content } = found;
        // The bytes the Verify page's Export writes (the API's file, two-space JSON).
        writeFileSync(file, JSON.stringify(content, null, 2), { flag: 'wx' });
        print(`wrote checkpoint ${content.position} (head ${content.headHash}, signed ${content.at}) to ${file}`);
        return 0;
      }
      case 'audit events': {
        const asked: Record<string, string> = {};
        for (let i = 0; i < rest.length; i += 2) {
          const name = rest[i].startsWith('--') ? rest[i].slice(2) : '';
          if (!LOG_FLAGS.some((f) => f === name) || rest[i + 1] === undefined || name in asked) {
            print(EVENTS_USAGE);
            return 2;
          }
          asked[name] = rest[i + 1];
        }
        const parsed = auditEventsQuerySchema.safeParse(asked);
        if (!deps.events || !parsed.success) {
          if (!parsed.success) for (const issue of parsed.error.issues) print(`${issue.path.join('.')}: ${issue.message}`);
          print(EVENTS_USAGE);
          return 2;
        }
        const page = await deps.events(parsed.data);
        if (!page.events.length) print('no events match these filters');
        for (const e of page.events) {
          const by = e.metadata.actorId ? `${e.metadata.actorRole ?? '?'} ${e.metadata.actorId}` : (e.metadata.actorRole ?? 'system');
          print(`${e.position} ${e.recordedAt} ${e.type} ${e.streamId}@${e.streamVersion} by ${by}, personal ${e.personal}, correlation ${e.metadata.correlationId}`);
        }
        if (page.nextBefore !== null) print(`older: --before ${page.nextBefore}`);
        return 0;
      }
      case 'audit event': {
        const [raw, ...flags] = rest;
        const clear = flags.length === 1 && flags[0] === '--personal';
        if (!deps.event || !raw || !/^[1-9][0-9]{0,15}$/.test(raw) || (flags.length && !clear)) {
          print('audit event takes <position> [--personal]');
          return 2;
        }
        const detail = await deps.event(Number(raw), clear);
        if (!detail) {
          print(`no event at position ${raw}`);
          return 1;
        }
        print(JSON.stringify(detail, null, 2));
        return 0;
      }
      case 'audit grants': {
        if (!deps.grants) throw new Error('audit grants needs the audit context');
        const grants = await deps.grants();
        if (!grants.length) print('no auditor was ever granted personal data');
        for (const g of grants) print(`${g.auditorId}: ${g.granted ? 'granted' : 'revoked'} since ${g.since ?? '-'} by ${g.byUserId ?? '-'}`);
        return 0;
      }
      case 'audit replay': {
        const r = await auditReplay({ store: deps.store, pool: deps.pool, projections: deps.projections, controlSchema: deps.controlSchema, onProgress: replayProgressOnStderr(deps) });
        for (const p of r.projections) {
          if (p.result === 'skipped') print(`${p.name} v${p.version}: skipped (${p.reason})`);
          else print(`${p.name} v${p.version} at ${p.position}: ${p.result}`);
          for (const m of p.missingTables) print(`  table ${m.table}: ${m.side}`);
          for (const c of p.counts) print(`  ${c.table} ${c.side}: ${c.rows} row${c.rows === 1 ? '' : 's'}${c.rows > p.diffs.filter((d) => d.table === c.table && d.side === c.side).length ? ' (the first ones below)' : ''}`);
          for (const d of p.diffs) print(`  ${d.table} ${d.side}: ${JSON.stringify(d.row)}`);
        }
        print(r.equal ? 'equal' : 'DIFFERENT');
        return r.equal ? 0 : 1;
      }
      case 'projections status': {
        const rows = await projectionsStatus({ store: deps.store, pool: deps.pool, projections: deps.projections, controlSchema: deps.controlSchema });
        const table = [
          ['name', 'version', 'status', 'checkpoint', 'head', 'lag', 'health'],
          ...rows.map((r) => [r.name, String(r.version), r.status, String(r.checkpoint), String(r.head), String(r.lag), r.failing ? `FAILING at ${r.failing.position}` : 'ok']),
        ];
        const printTable = (t: string[][]) => {
          const widths = t[0].map((_, c) => Math.max(...t.map((row) => row[c].length)));
          for (const row of t) print(row.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd());
        };
        printTable(table);
        // The dispatcher and the reactors read the same log and fail the same way (ADR 0010 §7).
        const consumers = await consumersStatus({ store: deps.store, pool: deps.pool, controlSchema: deps.controlSchema });
        if (consumers.length) {
          print();
          printTable([
            ['consumer', 'kind', 'checkpoint', 'head', 'lag', 'health'],
            ...consumers.map((c) => [c.name, c.kind ?? '?', String(c.checkpoint), String(c.head), String(c.lag), c.failing ? `FAILING at ${c.failing.position}` : 'ok']),
          ]);
        }
        const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;
        const failing = rows.filter((r) => r.failing);
        for (const r of failing) {
          const f = r.failing!;
          print(`${r.name} v${r.version} is failing at position ${f.position} since ${f.failedAt} (${tries(f.attempts)}): ${f.error}`);
        }
        const failingConsumers = consumers.filter((c) => c.failing);
        for (const c of failingConsumers) {
          const f = c.failing!;
          print(`${c.kind ?? 'consumer'} ${c.name} is failing at position ${f.position} since ${f.failedAt} (${tries(f.attempts)}): ${f.error}`);
        }
        if (failing.length || failingConsumers.length) print('fix the cause (handler code or an upcaster), then: academy projections retry <name>');
        return failing.length || failingConsumers.length ? 1 : 0;
      }
      case 'projections retry': {
        const name = rest[0];
        if (!name) {
          print('projections retry <name>: which projection?');
          return 2;
        }
        const isProjection = deps.projections.some((p) => p.name === name);
        const isConsumer = await consumerExists(deps.pool, name, deps.controlSchema);
        if (!isProjection && !isConsumer) {
          print(`projections retry: no projection or consumer named ${name} (projections: ${deps.projections.map((p) => p.name).join(', ') || 'none'}; consumers: see projections status)`);
          return 2;
        }
        let code = 0;
        if (isProjection) {
          const r = await retryProjection({ pool: deps.pool, name, controlSchema: deps.controlSchema });
          switch (r.result) {
            case 'not failing':
              if (!isConsumer) print(`${name} is not failing: nothing to retry`);
              break;
            case 'recovered':
              print(`${name} v${r.version} recovered: checkpoint ${r.checkpoint}, following the log again`);
              break;
            case 'still failing':
              print(`${name} v${r.version} is still failing at position ${r.failing.position}: ${r.failing.error}`);
              code = 1;
              break;
            case 'requested':
              print(`${name} v${r.version}: retry requested, but no runner has tried yet (is the worker running?); it tries when one leads`);
              code = 1;
              break;
          }
        }
        if (isConsumer) {
          const r = await retryConsumer({ pool: deps.pool, name, controlSchema: deps.controlSchema });
          const who = r.result === 'not failing' ? name : `${r.kind ?? 'consumer'} ${name}`;
          switch (r.result) {
            case 'not failing':
              if (!isProjection) print(`${name} is not failing: nothing to retry`);
              break;
            case 'recovered':
              print(`${who} recovered: checkpoint ${r.checkpoint}, following the log again`);
              break;
            case 'still failing':
              print(`${who} is still failing at position ${r.failing.position}: ${r.failing.error}`);
              code = 1;
              break;
            case 'requested':
              print(`${who}: retry requested, but it has not tried yet (is the worker running?); it tries when one leads`);
              code = 1;
              break;
          }
        }
        return code;
      }
      case 'projections rebuild': {
        const name = rest[0];
        if (!name) {
          print('projections rebuild <name>: which projection?');
          return 2;
        }
        // Progress against the head when the rebuild began (it catches up to the newer head at the swap).
        const progress = progressOnStderr(deps, `rebuild ${name}`);
        const total = progress ? await deps.store.headPosition() : 0;
        const r = await rebuildProjection({ store: deps.store, pool: deps.pool, projections: deps.projections, name, controlSchema: deps.controlSchema, onProgress: progress && ((position) => progress({ checked: Math.min(position, total), total })) });
        print(`${r.name} v${r.version} rebuilt to position ${r.position} in ${r.schema} and swapped in`);
        return 0;
      }
      default:
        print(ACADEMY_CLI_USAGE);
        return group === undefined || group === 'help' || group === '--help' ? 0 : 2;
    }
  } catch (error) {
    print(`academy ${key.trim()}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** `audit as-of`'s text: a banner naming the moment and its position, then the view as the screens show it. */
export function asOfLines(a: AuditAsOfResponse): string[] {
  const lines = [`As of ${a.at} (log position ${a.position})${a.personalInClear ? '' : ', names of people masked'}`];
  switch (a.view) {
    case 'enrollment': {
      const e = a.enrollment;
      lines.push(`enrollment ${e.code} (${e.enrollmentId}): ${e.status}, Week ${e.currentWeek} (${e.percent} %)`);
      lines.push(`  student ${nameLine(e.studentName)} (${e.studentId})`);
      lines.push(`  program ${e.programName ?? '?'} (${e.programId}), subject ${e.subjectName ?? '?'} (${e.subjectId})`);
      lines.push(`  enrolled ${e.enrolledAt}, activated ${e.activatedAt ?? '-'}, completed ${e.completedAt ?? '-'}`);
      break;
    }
    case 'gradebook':
      lines.push(`gradebook of subject ${a.id}: ${a.rows.length} attempts`);
      for (const r of a.rows) {
        const grade = r.grade ? `${r.grade.status}${r.grade.score === null ? '' : ` ${r.grade.score}`} by ${nameLine(r.grade.teacherName)} (${r.grade.teacherId})` : 'not graded';
        const week = r.weekNumber === null ? '' : `Week ${r.weekNumber} `;
        lines.push(`  ${nameLine(r.studentName)} (${r.studentId}) ${week}${r.kind} "${r.title ?? '?'}" (${r.itemId}) attempt ${r.attempt}${r.latest ? '' : ' (superseded)'}: ${grade}`);
      }
      break;
    case 'pipeline':
      lines.push(`prospect pipeline: ${a.prospects.length} prospects`);
      for (const c of a.counts) lines.push(`  ${c.kind} ${c.status}: ${c.count}`);
      for (const p of a.prospects) lines.push(`  ${p.prospectId} ${p.kind} ${p.status}${p.erased ? ' (erased)' : ''}`);
      break;
  }
  return lines;
}

/** A name as it stood: in clear, '•••' masked, or what became of it. */
const nameLine = (n: AsOfName) => (n.state === 'clear' || n.state === 'masked' ? n.name! : `(${n.state})`);

/**
 * `audit verify-bundle <file> [--public-key <base64>]`: needs no database and no API, so the CLI runs
 * it before it connects to anything. Returns the exit code.
 */
export function verifyBundleCommand(rest: string[], out: { write(text: string): unknown }): number {
  const print = (line: string) => out.write(`${line}\n`);
  const file = rest[0];
  const k = rest.indexOf('--public-key');
  const publicKey = k >= 0 ? rest[k + 1] : undefined;
  if (!file || file === '--public-key' || (k >= 0 && !publicKey)) {
    print('audit verify-bundle takes <file> [--public-key <base64 of the academy\'s Ed25519 public key>]');
    return 2;
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    print(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  const v = verifyBundle(bytes, { publicKey });
  if (!v.ok) {
    print(`FAILED${v.line ? ` at line ${v.line}` : ''}${v.item ? ` (${v.item})` : ''}: ${v.problem}`);
    return 1;
  }
  print(`ok: ${v.events} events ${v.from}..${v.to}, every hash and link recomputed, through signed checkpoint${v.checkpoints.length === 1 ? '' : 's'} ${v.checkpoints.join(', ')}; signed by key ${v.keyId}${publicKey ? ' (the key given)' : ' (compare it with the academy\'s)'}`);
  return 0;
}
