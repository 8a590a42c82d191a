// Imported as '@academy/testing/tables' (light: the demo projection of the event-store benchmarks uses it).
// A test projection's tables from SQL statements: a projection's tables come from its migrations
// (ADR 0018), and a test that needs no entities writes them as the one migration it runs.
import { Migration } from '@mikro-orm/migrations';
import type { ProjectionOrm } from '@academy/event-store';

/** Make one per set of tables and reuse it: each ProjectionOrm gets its own MikroORM instance. */
export function tablesFromSql(name: string, statements: readonly string[]): ProjectionOrm {
  class SqlTables extends Migration {
    override async up(): Promise<void> {
      for (const statement of statements) this.addSql(statement);
    }
  }
  return { entities: [], migrations: [{ name, class: SqlTables }] };
}
