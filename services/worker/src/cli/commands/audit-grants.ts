// `academy audit grants`: every auditor ever granted personal data, and whether the grant stands.
// Granting stays an admin's act in the API (recorded with the admin's id).
import { listGrants, logSchema } from '@academy/audit';
import { type AcademyCommand, print } from '../command.js';

export const auditGrantsCommand: AcademyCommand<void, 'event store'> = {
  name: 'audit grants',
  usage: [['audit grants', 'the auditors granted personal data, and whether the grant stands (since, by whom)']],
  needs: 'event store',
  parse: () => undefined,
  async run(_, deps) {
    const grants = await listGrants(deps.store, deps.pool, logSchema(deps.store));
    if (!grants.length) print(deps, 'no auditor was ever granted personal data');
    for (const g of grants) print(deps, `${g.auditorId}: ${g.granted ? 'granted' : 'revoked'} since ${g.since ?? '-'} by ${g.byUserId ?? '-'}`);
    return 0;
  },
};
