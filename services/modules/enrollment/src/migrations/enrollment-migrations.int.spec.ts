// The projection's first migration builds exactly the tables v1's SQL built (ADR 0018): same columns
// (names, types, nullability, order), constraints and indexes. v1's SQL is kept here verbatim as
// the reference; a version schema is built from each, as the runner builds one, and Postgres' catalog
// of the two is compared. v2 (ADR 0030) adds the `certificates` table and changes none of v1's.
import { logDatabase } from '@academy/testing/projection';
import { expect, it } from '@jest/globals';
import { buildProjectionInto, type Projection } from '@academy/event-store';
import { tableShape } from '@academy/testing';
import { tablesFromSql } from '@academy/testing/tables';
import { enrollmentProjection } from '../projections/enrollments/enrollments.projection.js';

/** The enrollment projection's tables as v1 made them from SQL (before ADR 0018). */
const v1Sql: Projection = {
  name: 'enrollment_v1_sql',
  version: 1,
  orm: tablesFromSql('Migration_enrollment_v1_sql', [
    'CREATE TABLE people (id uuid PRIMARY KEY, role text NOT NULL, full_name text, email text)',
    'CREATE INDEX people_email_idx ON people (email)',
    `CREATE TABLE programs (id uuid PRIMARY KEY, name text NOT NULL, type text NOT NULL, description text NOT NULL)`,
    `CREATE TABLE subjects (id uuid PRIMARY KEY, program_id uuid NOT NULL, name text NOT NULL)`,
    `CREATE TABLE enrollments (
      id uuid PRIMARY KEY,
      code text NOT NULL UNIQUE,
      student_id uuid NOT NULL,
      program_id uuid NOT NULL,
      subject_id uuid NOT NULL,
      status text NOT NULL,
      current_week integer NOT NULL,
      enrolled_at timestamptz NOT NULL,
      activated_at timestamptz,
      completed_at timestamptz,
      version integer NOT NULL
    )`,
    'CREATE INDEX enrollments_student_idx ON enrollments (student_id, program_id)',
    'CREATE INDEX enrollments_enrolled_at_idx ON enrollments (enrolled_at DESC)',
  ]),
  handlers: {},
};

const t = logDatabase('enrollment_migrations', { published: false });

/** What Postgres says a schema's read tables are (@academy/testing tableShape). */
const shape = (schema: string) => tableShape(t.db.pool, schema);

/** The shape without one table's columns, constraints and indexes. */
const without = (table: string, s: Awaited<ReturnType<typeof shape>>) => ({
  columns: s.columns.filter((c) => c.table_name !== table),
  constraints: s.constraints.filter((c) => c.table_name !== table),
  indexes: s.indexes.filter((i) => i.tablename !== table),
});

it('builds the tables v1 built from SQL, unchanged, plus v2\'s certificates', async () => {
  expect(enrollmentProjection.version).toBe(2);
  await buildProjectionInto(t.db.pool, v1Sql, 'v1_sql', t.store);
  await buildProjectionInto(t.db.pool, enrollmentProjection, 'v1_orm', t.store);
  const [sql, orm] = [await shape('v1_sql'), await shape('v1_orm')];
  expect(sql.columns.length).toBe(4 + 4 + 3 + 11);
  expect(sql.indexes.map((i) => i.indexname)).toEqual(['enrollments_code_key', 'enrollments_enrolled_at_idx', 'enrollments_pkey', 'enrollments_student_idx', 'people_email_idx', 'people_pkey', 'programs_pkey', 'subjects_pkey']);
  expect(without('certificates', orm)).toEqual(sql);
  expect(orm.indexes.filter((i) => i.tablename === 'certificates').map((i) => i.indexname)).toEqual(['certificates_code_key', 'certificates_pkey', 'certificates_student_idx']);
});
