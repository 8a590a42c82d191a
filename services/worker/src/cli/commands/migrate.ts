// `academy migrate`: every pending migration (event log, read models) applied, then exit: a deployment's
// migration step (compose's `migrate` service, the Kubernetes Job) before the replicas roll. It opens its
// own connections from the address alone: nothing else may touch the schema before it.
import { migrateAll } from '../../migrate.js';
import { type AcademyCommand, print } from '../command.js';

export const migrateCommand: AcademyCommand<void, 'database url'> = {
  name: 'migrate',
  usage: [['migrate', 'apply every pending migration (event log, read models) and exit: a deployment\'s migration step']],
  needs: 'database url',
  parse: () => undefined,
  async run(_, deps) {
    const applied = await migrateAll(deps.databaseUrl);
    print(deps, applied.length ? `applied: ${applied.join(', ')}` : 'up to date: nothing to apply');
    return 0;
  },
};
