// `academy restore <file>`: a backup loaded into an EMPTY database (refused otherwise), then the chain
// verified; the worker rebuilds the read models when it starts (same ACADEMY_MASTER_KEY).
import { restoreEventStore } from '@academy/event-store';
import { type AcademyCommand, print } from '../command.js';
import { verifiedChain } from './audit-verify.js';
import { parseFile, postgresLogSchema } from './backup.js';

export const restoreCommand: AcademyCommand<string, 'event store'> = {
  name: 'restore',
  usage: [['restore <file>', 'load a backup into an EMPTY database (refused otherwise), then verify the\nchain; start the worker to rebuild the read models (same ACADEMY_MASTER_KEY)']],
  needs: 'event store',
  parse: parseFile('restore'),
  async run(file, deps) {
    // A refused or broken restore fails through the runner: one line, exit 1.
    const r = await restoreEventStore(deps.pool, postgresLogSchema(deps.store, 'restore'), file);
    print(deps, `restored ${r.events} events (${r.checkpoints} signed checkpoints) and ${r.keys} subject keys, head ${r.head.position}:${r.head.hash}`);
    const v = await verifiedChain({}, deps);
    if (!v) return 1;
    print(deps, `ok: ${v.checked} events, head ${v.head.position}:${v.head.hash}; start the worker to rebuild the read models, then: academy audit replay`);
    return 0;
  },
};
