// `academy audit replay`: every projection rebuilt into a scratch schema and compared with its live
// tables (the auditor's Replay page runs the same as a job; ADR 0034). Exit 1 when one differs.
import { auditReplay, type AuditReplayResult } from '@academy/event-store';
import { type AcademyCommand, print } from '../command.js';
import { replayProgressOnStderr } from '../progress.js';

/** Each projection's verdict with its differing tables, counts and first rows, then `equal` or `DIFFERENT`. */
export function replayLines(r: AuditReplayResult): string[] {
  const lines: string[] = [];
  for (const p of r.projections) {
    lines.push(p.result === 'skipped' ? `${p.name} v${p.version}: skipped (${p.reason})` : `${p.name} v${p.version} at ${p.position}: ${p.result}`);
    for (const m of p.missingTables) lines.push(`  table ${m.table}: ${m.side}`);
    for (const c of p.counts) {
      const shown = p.diffs.filter((d) => d.table === c.table && d.side === c.side).length;
      lines.push(`  ${c.table} ${c.side}: ${c.rows} row${c.rows === 1 ? '' : 's'}${c.rows > shown ? ' (the first ones below)' : ''}`);
    }
    for (const d of p.diffs) lines.push(`  ${d.table} ${d.side}: ${JSON.stringify(d.row)}`);
  }
  lines.push(r.equal ? 'equal' : 'DIFFERENT');
  return lines;
}

export const auditReplayCommand: AcademyCommand<void, 'event store'> = {
  name: 'audit replay',
  usage: [['audit replay', 'rebuild every projection into a scratch schema and diff with the live tables\n(progress with counts and ETA on stderr)']],
  needs: 'event store',
  parse: () => undefined,
  async run(_, deps) {
    const r = await auditReplay({ store: deps.store, pool: deps.pool, projections: deps.projections, onProgress: replayProgressOnStderr(deps.err) });
    print(deps, ...replayLines(r));
    return r.equal ? 0 : 1;
  },
};
