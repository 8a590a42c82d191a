// `academy audit export-evidence <from> <to> <file>`: an evidence bundle for an outside party (the Verify
// page's Evidence export; services/modules/audit/README.md, "Evidence bundles"). A shell user's export
// records nothing.
import { writeFileSync } from 'node:fs';
import { exportEvidence } from '@academy/audit';
import { type AcademyCommand, print, UsageError } from '../command.js';

export const auditExportEvidenceCommand: AcademyCommand<{ from: number; to: number; file: string }, 'event store'> = {
  name: 'audit export-evidence',
  usage: [
    [
      'audit export-evidence <from> <to> <file>',
      'write the events from..to (extended to the nearest signed checkpoint after <to>)\nwith their hashes, that checkpoint and a signature line to a new JSON-lines file',
    ],
  ],
  needs: 'event store',
  parse(args) {
    const [from, to, file] = args;
    const f = Number(from ?? '');
    const t = Number(to ?? '');
    if (!file || !Number.isSafeInteger(f) || !Number.isSafeInteger(t) || f < 1 || t < f) throw new UsageError('audit export-evidence takes <from> <to> <file>: positions 1 ≤ from ≤ to, and a new file');
    return { from: f, to: t, file };
  },
  async run({ from, to, file }, deps) {
    const { text, range } = await exportEvidence(deps.store, deps.pool, deps.signingKey(), from, to, (deps.now?.() ?? new Date()).toISOString());
    writeFileSync(file, text, { flag: 'wx' });
    const checkpoints = range.checkpoints.map((c) => c.position);
    const closing = checkpoints.length ? `signed checkpoints ${checkpoints.join(', ')}` : 'no signed checkpoint (sign one after <to>, then export again)';
    print(deps, `wrote ${range.events.length} events (${from}..${range.to}) and ${closing} to ${file}`);
    return 0;
  },
};
