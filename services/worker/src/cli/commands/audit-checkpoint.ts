// `academy audit checkpoint`: verifies, then prints a checkpoint of the head it walked to, signed with
// AUDIT_SIGNING_KEY. It is not recorded (the Verify page's and the schedule's are): keep the JSON
// outside the database, and give it to `audit verify --checkpoint` later.
import { signCheckpoint } from '@academy/event-store';
import { type AcademyCommand, print } from '../command.js';
import { parseVerifyArgs, verifiedChain, type VerifyArgs } from './audit-verify.js';

export const auditCheckpointCommand: AcademyCommand<VerifyArgs, 'event store'> = {
  name: 'audit checkpoint',
  usage: [['audit checkpoint', 'verify, then print a checkpoint of the head signed with AUDIT_SIGNING_KEY (JSON: keep it outside the database)']],
  needs: 'event store',
  parse: parseVerifyArgs,
  async run(args, deps) {
    const r = await verifiedChain(args, deps);
    if (!r) return 1;
    print(deps, JSON.stringify(signCheckpoint(deps.signingKey(), r.head, (deps.now?.() ?? new Date()).toISOString()), null, 2));
    return 0;
  },
};
