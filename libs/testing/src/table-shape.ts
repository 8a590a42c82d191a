// What Postgres says a schema's tables are: columns (type, length, precision, nullability, default,
// generation), constraints and indexes (definitions with the schema name taken out). Two builds of a
// read model compare equal exactly when their tables are the same: the contexts' migration tests use
// it to show that a MikroORM migration makes the tables the old SQL made (ADR 0018). The Migrator's
// own tracking table is not a read table and is left out.
import type pg from 'pg';

const TRACKING = 'mikro_orm_migrations';

export async function tableShape(pool: pg.Pool, schema: string) {
  const columns = await pool.query(
    `SELECT table_name, ordinal_position, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale,
            is_nullable, column_default, is_generated, generation_expression
       FROM information_schema.columns WHERE table_schema = $1 AND table_name <> $2 ORDER BY table_name, ordinal_position`,
    [schema, TRACKING],
  );
  const constraints = await pool.query(
    `SELECT c.relname AS table_name, k.conname, k.contype, pg_get_constraintdef(k.oid) AS def FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname <> $2 ORDER BY 1, 2`,
    [schema, TRACKING],
  );
  const indexes = await pool.query(
    `SELECT tablename, indexname, replace(indexdef, $1, 'S') AS def FROM pg_indexes WHERE schemaname = $2 AND tablename <> $3 ORDER BY 1, 2`,
    [`${schema}.`, schema, TRACKING],
  );
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}
