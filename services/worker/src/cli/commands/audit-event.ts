// `academy audit event <position> [--personal]`: one event in full with its hashes, personal fields
// masked unless --personal (the handlers' own read, trail/event-log.ts).
import { eventDetail } from '@academy/audit';
import { type AcademyCommand, print, UsageError } from '../command.js';

export const auditEventCommand: AcademyCommand<{ position: string; clear: boolean }, 'event store'> = {
  name: 'audit event',
  usage: [['audit event <position> [--personal]', 'one event in full: data, metadata, personal fields (masked; --personal: in clear),\nhash and previous hash; exit 1 when there is none']],
  needs: 'event store',
  parse([raw, ...flags]) {
    const clear = flags.length === 1 && flags[0] === '--personal';
    if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw) || (flags.length && !clear)) throw new UsageError('audit event takes <position> [--personal]');
    return { position: raw, clear };
  },
  async run({ position, clear }, deps) {
    const detail = await eventDetail(deps.store, deps.pool, Number(position), clear);
    if (!detail) {
      print(deps, `no event at position ${position}`);
      return 1;
    }
    print(deps, JSON.stringify(detail, null, 2));
    return 0;
  },
};
