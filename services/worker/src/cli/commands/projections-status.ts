// `academy projections status`: every projection's and consumer's (dispatcher, reactors) checkpoint,
// head and lag, and which one is failing where and why (ADR 0010). Exit 1 while one is.
import { type ConsumerStatusRow, consumersStatus, type ProjectionFailure, type ProjectionStatusRow, projectionsStatus } from '@academy/event-store';
import { type AcademyCommand, print } from '../command.js';

/** Columns padded to their widest cell, two spaces apart. */
function tableLines(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd());
}

const health = (failing: ProjectionFailure | null) => (failing ? `FAILING at ${failing.position}` : 'ok');
const failure = (who: string, f: ProjectionFailure) => `${who} is failing at position ${f.position} since ${f.failedAt} (${f.attempts} ${f.attempts === 1 ? 'try' : 'tries'}): ${f.error}`;

/** The projections' table, the consumers' (when there are any), then a line per failing one and what to do. */
export function statusLines(projections: ProjectionStatusRow[], consumers: ConsumerStatusRow[]): string[] {
  const lines = tableLines([
    ['name', 'version', 'status', 'checkpoint', 'head', 'lag', 'health'],
    ...projections.map((r) => [r.name, String(r.version), r.status, String(r.checkpoint), String(r.head), String(r.lag), health(r.failing)]),
  ]);
  // The dispatcher and the reactors read the same log and fail the same way (ADR 0010 §7).
  if (consumers.length) {
    lines.push('', ...tableLines([['consumer', 'kind', 'checkpoint', 'head', 'lag', 'health'], ...consumers.map((c) => [c.name, c.kind ?? '?', String(c.checkpoint), String(c.head), String(c.lag), health(c.failing)])]));
  }
  const failing = [
    ...projections.flatMap((r) => (r.failing ? [failure(`${r.name} v${r.version}`, r.failing)] : [])),
    ...consumers.flatMap((c) => (c.failing ? [failure(`${c.kind ?? 'consumer'} ${c.name}`, c.failing)] : [])),
  ];
  if (failing.length) lines.push(...failing, 'fix the cause (handler code or an upcaster), then: academy projections retry <name>');
  return lines;
}

export const projectionsStatusCommand: AcademyCommand<void, 'event store'> = {
  name: 'projections status',
  usage: [
    [
      'projections status',
      'name, version, status, checkpoint, head and lag of every projection\nand consumer (dispatcher, reactors), and where and why one is failing\n(exit 1 when one is)',
    ],
  ],
  needs: 'event store',
  parse: () => undefined,
  async run(_, deps) {
    const projections = await projectionsStatus({ store: deps.store, pool: deps.pool, projections: deps.projections });
    const consumers = await consumersStatus({ store: deps.store, pool: deps.pool });
    print(deps, ...statusLines(projections, consumers));
    return [...projections, ...consumers].some((r) => r.failing) ? 1 : 0;
  },
};
