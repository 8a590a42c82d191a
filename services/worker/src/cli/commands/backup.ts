// `academy backup <file>`: the event log (signed checkpoints included) and the wrapped subject keys to a
// new gzip file, from one consistent snapshot (libs/event-store/README.md, "Backup and restore").
import { backupEventStore, type EventStore, PostgresEventStore } from '@academy/event-store';
import { type AcademyCommand, print, UsageError } from '../command.js';

/** backup and restore take one file. */
export function parseFile(command: string): (args: readonly string[]) => string {
  return ([file, ...extra]) => {
    if (!file || extra.length) throw new UsageError(`${command} <file>: which file?`);
    return file;
  };
}

/** The schema of the PostgreSQL log, the one backup and restore copy: a KurrentDB log is backed up by KurrentDB's own means (ADR 0032). */
export function postgresLogSchema(store: EventStore, command: string): string {
  if (store instanceof PostgresEventStore) return store.schema;
  throw new Error(`${command} covers the PostgreSQL event log; with EVENTSTORE_URL set, back up KurrentDB itself (docs/adr/0032) and the subject keys with pg_dump -t event_store.subject_keys`);
}

export const backupCommand: AcademyCommand<string, 'event store'> = {
  name: 'backup',
  usage: [['backup <file>', 'write the event log (signed checkpoints included) and the wrapped subject keys\nto a new gzip file, one consistent snapshot; read models are not in it']],
  needs: 'event store',
  parse: parseFile('backup'),
  async run(file, deps) {
    // An existing target file fails through the runner: one line, exit 1.
    const b = await backupEventStore(deps.pool, postgresLogSchema(deps.store, 'backup'), file, deps.now?.());
    print(deps, `backed up ${b.events} events (${b.checkpoints} signed checkpoints) and ${b.keys} subject keys, head ${b.head.position}:${b.head.hash}, to ${file}`);
    return 0;
  },
};
