// `academy audit verify-bundle <file> [--public-key <base64>]`: checks an evidence bundle with nothing but
// the file, so it needs no configuration, database or API: it runs in a fresh clone with no academy data.
import { readFileSync } from 'node:fs';
import { verifyBundle } from '@academy/event-store';
import { type AcademyCommand, messageOf, print, UsageError } from '../command.js';

export const auditVerifyBundleCommand: AcademyCommand<{ file: string; publicKey?: string }, 'nothing'> = {
  name: 'audit verify-bundle',
  usage: [
    [
      'audit verify-bundle <file> [--public-key <base64>]',
      'check an evidence bundle with nothing but the file (no database, no API): every\nhash and link (naming the first event that fails), the closing signed checkpoint,\nthen its signature; --public-key: the academy\'s key signed it (exit 1 if not)',
    ],
  ],
  needs: 'nothing',
  parse(args) {
    const file = args[0];
    const k = args.indexOf('--public-key');
    const publicKey = k >= 0 ? args[k + 1] : undefined;
    if (!file || file === '--public-key' || (k >= 0 && !publicKey)) throw new UsageError('audit verify-bundle takes <file> [--public-key <base64 of the academy\'s Ed25519 public key>]');
    return { file, publicKey };
  },
  run({ file, publicKey }, io) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (e) {
      throw new UsageError(`${file}: ${messageOf(e)}`);
    }
    const v = verifyBundle(bytes, { publicKey });
    if (!v.ok) {
      print(io, `FAILED${v.line ? ` at line ${v.line}` : ''}${v.item ? ` (${v.item})` : ''}: ${v.problem}`);
      return 1;
    }
    const checkpoints = `signed checkpoint${v.checkpoints.length === 1 ? '' : 's'} ${v.checkpoints.join(', ')}`;
    print(io, `ok: ${v.events} events ${v.from}..${v.to}, every hash and link recomputed, through ${checkpoints}; signed by key ${v.keyId}${publicKey ? ' (the key given)' : ' (compare it with the academy\'s)'}`);
    return 0;
  },
};
