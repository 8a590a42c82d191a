// What an `academy` command is: one file each under commands/, listed in table.ts, which makes
// `academy help` from their usage and runs the one the arguments name (run.ts).
import { types } from 'node:util';
import type pg from 'pg';
import type { EventStore, Projection, SigningKey } from '@academy/event-store';

export interface Output {
  write(text: string): unknown;
}

/** Where every command writes: the result on `out`, progress on `err`, so that stdout is the result alone. */
export interface CliIo {
  out: Output;
  err?: Output;
}

/** What the commands that read the academy get (academy.ts opens it; tests give their own). */
export interface CliDatabase {
  /** The configured log: KurrentDB when EVENTSTORE_URL is set (ADR 0032), else PostgreSQL. */
  store: EventStore;
  pool: pg.Pool;
  /** The worker's projection registry. */
  projections: Projection[];
  /** The Ed25519 key of signed checkpoints (AUDIT_SIGNING_KEY), loaded only by the commands that sign or check one. */
  signingKey(): SigningKey;
  /** The clock, for tests. */
  now?(): Date;
}

/**
 * What a command needs besides somewhere to write: nothing (it runs in a fresh clone with no academy
 * data), the database's address alone (it opens its own connections, before anything else touches the
 * schema), or the event store. The two last need a database: the wrapper `npm run academy` finds one.
 */
export interface CommandNeeds {
  nothing: CliIo;
  'database url': CliIo & { databaseUrl: string };
  'event store': CliIo & CliDatabase;
}
export type Need = keyof CommandNeeds;

export interface AcademyCommand<Args, N extends Need> {
  /** The words that name it: `audit verify`, `backup`. */
  readonly name: string;
  /** Its entries in `academy help`: what to type, and what it does (line breaks where help breaks the text). */
  readonly usage: ReadonlyArray<readonly [synopsis: string, description: string]>;
  readonly needs: N;
  /** The words after its name, checked; throws a UsageError when they are wrong. */
  parse(args: readonly string[]): Args;
  /** Returns the exit code: 0 ok, 1 the check failed. A thrown error is printed and exits 1. */
  run(args: Args, deps: CommandNeeds[N]): Promise<number> | number;
}

/** Any command of the table: its arguments are its own (parse's result goes to its own run). */
export type AnyCommand = { [N in Need]: AcademyCommand<unknown, N> }[Need];

/** Wrong arguments: the message is printed and the CLI exits 2. */
export class UsageError extends Error {}

/** Prints result lines on stdout. */
export function print(io: CliIo, ...lines: string[]): void {
  for (const line of lines) io.out.write(`${line}\n`);
}

/** An error's message (from any realm: node's own errors, under jest, are not of the tests' Error). */
export function messageOf(error: unknown): string {
  return types.isNativeError(error) ? error.message : String(error);
}
