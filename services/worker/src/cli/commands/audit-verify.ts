// `academy audit verify`: walks the hash chain, progress on stderr (ADR 0036); with --head or a signed
// checkpoint file, the chain must also pass through that head, which catches a history rewritten
// together with its hashes, and a cut end.
import { readFileSync } from 'node:fs';
import { type ChainHead, checkpointProblem, type SignedCheckpoint, type VerifyResult } from '@academy/event-store';
import { type AcademyCommand, type CommandNeeds, messageOf, print, UsageError } from '../command.js';
import { progressOnStderr } from '../progress.js';

/** The head the chain must pass through: given as <position>:<hash>, or read from a signed checkpoint's file. */
export interface VerifyArgs {
  head?: ChainHead;
  checkpointFile?: string;
}

/** `--head <position>:<hash>`, `--checkpoint <file>` (audit verify and audit checkpoint take both). */
export function parseVerifyArgs(args: readonly string[]): VerifyArgs {
  const parsed: VerifyArgs = {};
  const h = args.indexOf('--head');
  if (h >= 0) {
    const m = /^(\d+):([0-9a-f]{64})$/.exec(args[h + 1] ?? '');
    if (!m) throw new UsageError('--head takes <position>:<64 hex digits>, as printed by `audit head`');
    parsed.head = { position: Number(m[1]), hash: m[2] };
  }
  const c = args.indexOf('--checkpoint');
  if (c >= 0) {
    if (!args[c + 1]) throw new UsageError('--checkpoint takes the file of a signed checkpoint (audit checkpoint, or Export on the Verify page)');
    parsed.checkpointFile = args[c + 1];
  }
  return parsed;
}

function readCheckpoint(file: string): SignedCheckpoint {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SignedCheckpoint;
  } catch (e) {
    throw new UsageError(`${file}: ${messageOf(e)}`);
  }
}

/** The walk's verdict when the chain holds; null once it printed where it fails (exit 1). */
export async function verifiedChain(args: VerifyArgs, deps: CommandNeeds['event store']): Promise<Extract<VerifyResult, { ok: true }> | null> {
  let expectedHead = args.head;
  if (args.checkpointFile) {
    const checkpoint = readCheckpoint(args.checkpointFile);
    // The file's signature first, against the key held here, not the public key the file carries.
    const problem = checkpointProblem(deps.signingKey(), checkpoint);
    if (problem) {
      print(deps, `FAILED: checkpoint ${args.checkpointFile}: ${problem}`);
      return null;
    }
    expectedHead = { position: checkpoint.position, hash: checkpoint.headHash };
  }
  const r = await deps.store.verify({ expectedHead, onProgress: progressOnStderr(deps.err, 'verify') });
  if (r.ok) return r;
  print(deps, `FAILED at position ${r.position}: ${r.reason} (${r.checked} events checked before it)`);
  return null;
}

export const auditVerifyCommand: AcademyCommand<VerifyArgs, 'event store'> = {
  name: 'audit verify',
  usage: [
    ['audit verify [--head <position>:<hash>]', 'walk the hash chain (progress with ETA on stderr); with --head, also detect a cut or rewritten end'],
    ['audit verify --checkpoint <file>', 'the same, and the chain must pass through that signed checkpoint (its signature checked first)'],
  ],
  needs: 'event store',
  parse: parseVerifyArgs,
  async run(args, deps) {
    const r = await verifiedChain(args, deps);
    if (!r) return 1;
    print(deps, `ok: ${r.checked} events, head ${r.head.position}:${r.head.hash}`);
    return 0;
  },
};
