// The `academy` commands (`npm run academy -- <command>`), one file each under commands/, in the order
// `academy help` lists them. The worker's build writes each one's name and whether it needs a database
// to commands.json (write-command-index.ts), for the wrapper scripts/academy-cli.mjs.
import type { AnyCommand } from './command.js';
import { auditAsOfCommand } from './commands/audit-as-of.js';
import { auditCheckpointCommand } from './commands/audit-checkpoint.js';
import { auditCheckpointsCommand } from './commands/audit-checkpoints.js';
import { auditEventCommand } from './commands/audit-event.js';
import { auditEventsCommand } from './commands/audit-events.js';
import { auditExportCheckpointCommand } from './commands/audit-export-checkpoint.js';
import { auditExportEvidenceCommand } from './commands/audit-export-evidence.js';
import { auditGrantsCommand } from './commands/audit-grants.js';
import { auditHeadCommand } from './commands/audit-head.js';
import { auditReplayCommand } from './commands/audit-replay.js';
import { auditVerifyCommand } from './commands/audit-verify.js';
import { auditVerifyBundleCommand } from './commands/audit-verify-bundle.js';
import { auditWhyCommand } from './commands/audit-why.js';
import { backupCommand } from './commands/backup.js';
import { migrateCommand } from './commands/migrate.js';
import { projectionsRebuildCommand } from './commands/projections-rebuild.js';
import { projectionsRetryCommand } from './commands/projections-retry.js';
import { projectionsStatusCommand } from './commands/projections-status.js';
import { restoreCommand } from './commands/restore.js';

export const COMMANDS: readonly AnyCommand[] = [
  auditVerifyCommand,
  auditCheckpointCommand,
  auditHeadCommand,
  auditWhyCommand,
  auditAsOfCommand,
  auditExportEvidenceCommand,
  auditVerifyBundleCommand,
  auditCheckpointsCommand,
  auditExportCheckpointCommand,
  auditEventsCommand,
  auditEventCommand,
  auditGrantsCommand,
  auditReplayCommand,
  projectionsStatusCommand,
  projectionsRetryCommand,
  projectionsRebuildCommand,
  backupCommand,
  restoreCommand,
  migrateCommand,
];

/** Where the descriptions start in `academy help`: a longer synopsis gets a line of its own. */
const COLUMN = 44;

function entryLines([synopsis, description]: readonly [string, string]): string[] {
  const [first, ...more] = description.split('\n');
  const indent = ' '.repeat(COLUMN);
  const head = `  ${synopsis}`;
  const opening = head.includes('\n') || head.length > COLUMN - 2 ? [head, indent + first] : [head.padEnd(COLUMN) + first];
  return [...opening, ...more.map((line) => indent + line)];
}

/** `academy help`: every command's usage, then what the exit codes mean. */
export function usageText(): string {
  return [
    'usage: academy <command>',
    ...COMMANDS.flatMap((c) => c.usage.flatMap(entryLines)),
    'exit codes: 0 ok, 1 check failed (chain broken, replay differs, projection failing), 2 usage error',
  ].join('\n');
}
