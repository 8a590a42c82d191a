// Which command the arguments name. Imports nothing: the wrapper `npm run academy`
// (scripts/academy-cli.mjs) imports it from the build with the commands.json the build writes, to ask
// whether the command needs a database without loading the commands (they load Nest, MikroORM and pg).

/** The command whose name's words start `argv` (`audit verify-bundle f` names `audit verify-bundle`), and the words after them. */
export function findCommand<C extends { name: string }>(commands: readonly C[], argv: readonly string[]): { command: C; args: string[] } | undefined {
  for (const command of commands) {
    const words = command.name.split(' ');
    if (words.every((word, i) => argv[i] === word)) return { command, args: argv.slice(words.length) };
  }
  return undefined;
}
