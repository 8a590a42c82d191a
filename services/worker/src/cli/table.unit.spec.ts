// The command table: `academy help` is made from it, and the arguments name one command at most. The
// commands that need nothing run without asking for the configuration or the database; a command that
// needs them gets the environment's own errors (configuration: exit 78 in academy.ts), not a command failure.
import { describe, expect, it } from '@jest/globals';
import { findCommand } from './find-command.js';
import { type CliEnvironment, runAcademyCli } from './run.js';
import { COMMANDS } from './table.js';

function noDatabase(): { env: CliEnvironment; output: () => string } {
  let out = '';
  const refuse = () => {
    throw new Error('DATABASE_URL is required');
  };
  return { env: { io: { out: { write: (t: string) => (out += t) } }, databaseUrl: refuse, withEventStore: async () => refuse() }, output: () => out };
}

describe('academy help', () => {
  it("lists every command's usage, and needs no database", async () => {
    const { env, output } = noDatabase();
    expect(await runAcademyCli(['help'], env)).toBe(0);
    const help = output();
    expect(help).toMatch(/^usage: academy <command>\n/);
    for (const command of COMMANDS) {
      for (const [synopsis, description] of command.usage) {
        expect(synopsis.startsWith(command.name)).toBe(true);
        expect(help).toContain(`  ${synopsis}`);
        for (const line of description.split('\n')) expect(help).toContain(line);
      }
    }
  });

  it('is printed with exit 2 when the arguments name no command', async () => {
    for (const argv of [[], ['frobnicate'], ['audit'], ['projections', 'skip', 'x']]) {
      const { env, output } = noDatabase();
      expect(await runAcademyCli(argv, env)).toBe(2);
      expect(output()).toMatch(/^usage: academy <command>\n/);
    }
    expect(await runAcademyCli(['--help'], noDatabase().env)).toBe(0);
  });
});

describe('the command table', () => {
  it('has no two commands of one name, and no name that starts another, so the arguments name one at most', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of COMMANDS) expect(findCommand(COMMANDS, command.name.split(' '))?.command).toBe(command);
  });

  it('runs a command that needs nothing without the configuration or the database', async () => {
    const { env, output } = noDatabase();
    expect(await runAcademyCli(['audit', 'verify-bundle', 'no-such-bundle.jsonl'], env)).toBe(2);
    expect(output()).toMatch(/^no-such-bundle\.jsonl: ENOENT/);
  });

  it("lets the environment's errors through for the commands that need a database", async () => {
    await expect(runAcademyCli(['audit', 'head'], noDatabase().env)).rejects.toThrow('DATABASE_URL is required');
    await expect(runAcademyCli(['migrate'], noDatabase().env)).rejects.toThrow('DATABASE_URL is required');
  });

  it('prints wrong arguments with exit 2 before it asks for the database', async () => {
    const { env, output } = noDatabase();
    expect(await runAcademyCli(['audit', 'verify', '--head', 'nope'], env)).toBe(2);
    expect(output()).toBe('--head takes <position>:<64 hex digits>, as printed by `audit head`\n');
  });
});
