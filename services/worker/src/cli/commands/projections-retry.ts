// `academy projections retry <name>`: after a fix, the runner of that projection (or the dispatcher, a
// reactor of that name) tries the event it is failing at again, and this reports what came of it (ADR 0010).
import { type ConsumerRetryOutcome, consumerExists, type RetryOutcome, retryConsumer, retryProjection } from '@academy/event-store';
import { type AcademyCommand, print, UsageError } from '../command.js';

/** What the retries came to: a line for each that was failing (exit 1 while one still is), or that none was. */
export function retryReport(name: string, projection: RetryOutcome | null, consumer: ConsumerRetryOutcome | null): { lines: string[]; code: number } {
  const lines: string[] = [];
  let code = 0;
  const report = (outcome: RetryOutcome | ConsumerRetryOutcome, who: string, untried: string) => {
    if (outcome.result === 'recovered') lines.push(`${who} recovered: checkpoint ${outcome.checkpoint}, following the log again`);
    if (outcome.result === 'still failing') lines.push(`${who} is still failing at position ${outcome.failing.position}: ${outcome.failing.error}`);
    if (outcome.result === 'requested') lines.push(`${who}: retry requested, but ${untried} (is the worker running?); it tries when one leads`);
    if (outcome.result === 'still failing' || outcome.result === 'requested') code = 1;
  };
  if (projection && projection.result !== 'not failing') report(projection, `${name} v${projection.version}`, 'no runner has tried yet');
  if (consumer && consumer.result !== 'not failing') report(consumer, `${consumer.kind ?? 'consumer'} ${name}`, 'it has not tried yet');
  if (!lines.length) lines.push(`${name} is not failing: nothing to retry`);
  return { lines, code };
}

export const projectionsRetryCommand: AcademyCommand<string, 'event store'> = {
  name: 'projections retry',
  usage: [['projections retry <name>', 'after a fix, have the runner (or the dispatcher, a reactor) of that\nname try the event it is failing at again']],
  needs: 'event store',
  parse([name]) {
    if (!name) throw new UsageError('projections retry <name>: which projection?');
    return name;
  },
  async run(name, deps) {
    const isProjection = deps.projections.some((p) => p.name === name);
    const isConsumer = await consumerExists(deps.pool, name);
    if (!isProjection && !isConsumer) {
      const known = deps.projections.map((p) => p.name).join(', ') || 'none';
      throw new UsageError(`projections retry: no projection or consumer named ${name} (projections: ${known}; consumers: see projections status)`);
    }
    const projection = isProjection ? await retryProjection({ pool: deps.pool, name }) : null;
    const consumer = isConsumer ? await retryConsumer({ pool: deps.pool, name }) : null;
    const { lines, code } = retryReport(name, projection, consumer);
    print(deps, ...lines);
    return code;
  },
};
