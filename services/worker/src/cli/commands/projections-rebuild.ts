// `academy projections rebuild <name>`: the projection rebuilt from position 0 into fresh tables, then
// swapped in (progress on stderr against the head when it began; it catches up to the newer head at the swap).
import { rebuildProjection } from '@academy/event-store';
import { type AcademyCommand, print, UsageError } from '../command.js';
import { progressOnStderr } from '../progress.js';

export const projectionsRebuildCommand: AcademyCommand<string, 'event store'> = {
  name: 'projections rebuild',
  usage: [['projections rebuild <name>', 'rebuild a projection from position 0 into fresh tables, then swap them in\n(progress with ETA on stderr)']],
  needs: 'event store',
  parse([name]) {
    if (!name) throw new UsageError('projections rebuild <name>: which projection?');
    return name;
  },
  async run(name, deps) {
    const progress = progressOnStderr(deps.err, `rebuild ${name}`);
    const total = progress ? await deps.store.headPosition() : 0;
    const onProgress = progress && ((position: number) => progress({ checked: Math.min(position, total), total }));
    const r = await rebuildProjection({ store: deps.store, pool: deps.pool, projections: deps.projections, name, onProgress });
    print(deps, `${r.name} v${r.version} rebuilt to position ${r.position} in ${r.schema} and swapped in`);
    return 0;
  },
};
