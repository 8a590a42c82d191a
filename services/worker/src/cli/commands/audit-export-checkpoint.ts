// `academy audit export-checkpoint <position|id> <file>`: a recorded checkpoint to a new file, the same
// bytes as the Verify page's Export, for `audit verify --checkpoint` later.
import { writeFileSync } from 'node:fs';
import { listCheckpoints } from '@academy/audit';
import { type AcademyCommand, print, UsageError } from '../command.js';

export const auditExportCheckpointCommand: AcademyCommand<{ which: string; file: string }, 'event store'> = {
  name: 'audit export-checkpoint',
  usage: [
    [
      'audit export-checkpoint <position|id> <file>',
      'write a recorded checkpoint (the newest at that position, or by id) to a new file,\nthe same file the Verify page exports: keep it outside the database, give it to\naudit verify --checkpoint later',
    ],
  ],
  needs: 'event store',
  parse(args) {
    const [which, file] = args;
    if (!which || !file || args.length > 2) throw new UsageError('audit export-checkpoint takes <position|id> <file>: a checkpoint listed by audit checkpoints, and a new file');
    return { which, file };
  },
  async run({ which, file }, deps) {
    const byPosition = /^\d+$/.test(which);
    // The newest at that position (the list is newest first), or the one with that id.
    const found = (await listCheckpoints(deps.store)).find((c) => (byPosition ? c.position === Number(which) : c.id === which));
    if (!found) {
      print(deps, `no signed checkpoint ${byPosition ? 'at position' : 'with id'} ${which} (see academy audit checkpoints)`);
      return 1;
    }
    const { id: _id, byUserId: _by, ...content } = found;
    // The bytes the Verify page's Export writes (the API's file, two-space JSON).
    writeFileSync(file, JSON.stringify(content, null, 2), { flag: 'wx' });
    print(deps, `wrote checkpoint ${content.position} (head ${content.headHash}, signed ${content.at}) to ${file}`);
    return 0;
  },
};
