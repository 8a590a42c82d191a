// `academy audit head`: the head {position, hash} to keep outside the database, for `audit verify --head`.
import { type AcademyCommand, print } from '../command.js';

export const auditHeadCommand: AcademyCommand<void, 'event store'> = {
  name: 'audit head',
  usage: [['audit head', 'print the head {position, hash} to keep outside the database']],
  needs: 'event store',
  parse: () => undefined,
  async run(_, deps) {
    const h = await deps.store.head();
    print(deps, `${h.position}:${h.hash}`);
    return 0;
  },
};
