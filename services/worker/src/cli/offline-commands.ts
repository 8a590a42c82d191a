// The `academy` commands that need no database (issue 28): an outside party checks an evidence bundle
// in a fresh clone with no academy data and no DATABASE_URL. This is the one place that says which:
// the CLI (academy.ts) runs them before it reads any configuration, and the wrapper `npm run academy`
// (scripts/academy-cli.mjs) imports this file to run them as they are, without looking for a database
// or starting the embedded one. It imports nothing, so that the wrapper's import costs nothing.

/** A command that runs with no database; every other one needs it. */
export type OfflineCommand = 'help' | 'verify-bundle';

/** The offline command `argv` names, or null when it names one that needs the database. */
export function offlineCommand(argv: readonly string[]): OfflineCommand | null {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') return 'help';
  // An evidence bundle is checked with nothing but the file: no configuration, no database, no API.
  if (argv[0] === 'audit' && argv[1] === 'verify-bundle') return 'verify-bundle';
  return null;
}
