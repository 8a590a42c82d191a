// Runs the `academy` command the arguments name, with what it needs (command.ts, CommandNeeds): the
// configuration and the database are asked for only by the commands that need them.
import { type AcademyCommand, type CliDatabase, type CliIo, type CommandNeeds, type Need, messageOf, print, UsageError } from './command.js';
import { findCommand } from './find-command.js';
import { COMMANDS, usageText } from './table.js';

/** Where a command's needs come from: academy.ts reads the configuration and opens the database; tests give their own. */
export interface CliEnvironment {
  io: CliIo;
  /** The configured DATABASE_URL. */
  databaseUrl(): string;
  /** Opens the event store and its pool for `use`, and closes them after. */
  withEventStore<T>(use: (database: CliDatabase) => Promise<T>): Promise<T>;
}

/**
 * Returns the exit code: 0 ok, 1 the check failed or the command failed (printed as one line), 2 wrong
 * arguments. What the environment throws (a configuration error, a database that cannot be opened) is
 * not the command's: it is thrown on.
 */
export async function runAcademyCli(argv: readonly string[], env: CliEnvironment): Promise<number> {
  const found = findCommand(COMMANDS, argv);
  if (!found) {
    print(env.io, usageText());
    return argv[0] === 'help' || argv[0] === '--help' ? 0 : 2;
  }
  const { command } = found;
  // Wrong arguments are told before anything is opened.
  let args: unknown;
  try {
    args = command.parse(found.args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    print(env.io, error.message);
    return 2;
  }
  switch (command.needs) {
    case 'nothing':
      return execute(command, args, env.io);
    case 'database url':
      return execute(command, args, { ...env.io, databaseUrl: env.databaseUrl() });
    case 'event store':
      return env.withEventStore((database) => execute(command, args, { ...env.io, ...database }));
  }
}

async function execute<N extends Need>(command: AcademyCommand<unknown, N>, args: unknown, deps: CommandNeeds[N]): Promise<number> {
  try {
    return await command.run(args, deps);
  } catch (error) {
    // A command may find its arguments wrong only when it runs (a file it cannot read).
    if (error instanceof UsageError) {
      print(deps, error.message);
      return 2;
    }
    print(deps, `academy ${command.name}: ${messageOf(error)}`);
    return 1;
  }
}
