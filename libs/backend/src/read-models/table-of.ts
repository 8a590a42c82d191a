import { tableNameOf } from '@academy/event-store';

/** The table a replica's entity names: what its handlers declare they write (ADR 0035). */
export function tableOf(entity: unknown): string {
  const table = tableNameOf(entity);
  if (table === undefined) throw new Error('a replica entity must name its table: defineEntity({ tableName })');
  return table;
}
