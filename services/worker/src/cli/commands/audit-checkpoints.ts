// `academy audit checkpoints`: the signed checkpoints recorded in the log, newest first, with who made
// them (the Verify page's list, GET /audit/checkpoints).
import { listCheckpoints } from '@academy/audit';
import { type AcademyCommand, print } from '../command.js';

export const auditCheckpointsCommand: AcademyCommand<void, 'event store'> = {
  name: 'audit checkpoints',
  usage: [['audit checkpoints', 'the signed checkpoints recorded in the log (Sign a checkpoint, the schedule), newest\nfirst, with who made them']],
  needs: 'event store',
  parse: () => undefined,
  async run(_, deps) {
    const list = await listCheckpoints(deps.store);
    if (!list.length) print(deps, 'no signed checkpoint yet: academy audit checkpoint prints one; Sign a checkpoint on the Verify page, or the schedule, records one');
    for (const c of list) print(deps, `checkpoint ${c.position} signed ${c.at} by ${c.byUserId ?? 'the schedule'}: head ${c.headHash}, key ${c.keyId}, id ${c.id}`);
    return 0;
  },
};
