// The learning projection's first migration on MikroORM (ADR 0018) builds exactly the tables v1's SQL
// built: same columns (names, types, nullability, order), constraints and indexes. Version 2 (issue 30
// §4) adds only the items' late_policy and the extensions table.
// v1's SQL is kept here verbatim as the reference; a version schema is built from each, as the
// runner builds one, and Postgres' catalog of the two is compared.
import { logDatabase } from '@academy/testing/projection';
import { expect, it } from '@jest/globals';
import { buildProjectionInto, type Projection } from '@academy/event-store';
import { tableShape } from '@academy/testing';
import { tablesFromSql } from '@academy/testing/tables';
import { learningProjection } from '../projections/learning/learning.projection.js';

/** The learning projection's tables as v1 made them from SQL (before ADR 0018). */
const v1Sql: Projection = {
  name: 'learning_v1_sql',
  version: 1,
  orm: tablesFromSql('Migration_learning_v1_sql', [
    `CREATE TABLE programs (id uuid PRIMARY KEY, name text NOT NULL, type text NOT NULL)`,
    `CREATE TABLE subjects (id uuid PRIMARY KEY, program_id uuid NOT NULL, name text NOT NULL)`,
    'CREATE INDEX subjects_program_idx ON subjects (program_id)',
    `CREATE TABLE assignments (id uuid PRIMARY KEY, teacher_id uuid NOT NULL, subject_id uuid NOT NULL)`,
    'CREATE INDEX assignments_teacher_idx ON assignments (teacher_id, subject_id)',
    `CREATE TABLE weeks (
      id uuid PRIMARY KEY,
      subject_id uuid NOT NULL,
      week_number integer NOT NULL,
      title text NOT NULL,
      objectives text NOT NULL,
      is_published boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      version integer NOT NULL,
      UNIQUE (subject_id, week_number)
    )`,
    `CREATE TABLE tasks (id uuid PRIMARY KEY, week_id uuid NOT NULL, day_number integer NOT NULL, title text NOT NULL, description text NOT NULL, instructions text NOT NULL, due_at timestamptz)`,
    'CREATE INDEX tasks_week_idx ON tasks (week_id, day_number)',
    `CREATE TABLE capstones (id uuid PRIMARY KEY, week_id uuid NOT NULL UNIQUE, title text NOT NULL, description text NOT NULL, instructions text NOT NULL, due_at timestamptz)`,
    `CREATE TABLE enrollments (id uuid PRIMARY KEY, student_id uuid NOT NULL, program_id uuid NOT NULL, status text NOT NULL, current_week integer NOT NULL, enrolled_at timestamptz NOT NULL, activated_at timestamptz)`,
    'CREATE INDEX enrollments_student_idx ON enrollments (student_id, status)',
    `CREATE TABLE work (
      student_id uuid NOT NULL,
      item_id uuid NOT NULL,
      submission_id uuid NOT NULL,
      github_url text NOT NULL,
      notes text NOT NULL,
      submitted_at timestamptz NOT NULL,
      late boolean NOT NULL,
      attempt integer NOT NULL,
      grade_status text,
      score numeric(5, 2),
      feedback text,
      PRIMARY KEY (student_id, item_id)
    )`,
  ]),
  handlers: {},
};

const t = logDatabase('learning_migrations', { published: false });

/** What Postgres says a schema's read tables are (@academy/testing tableShape). */
const shape = (schema: string) => tableShape(t.db.pool, schema);

it('builds exactly the tables v1 built from SQL, plus v2\'s late policies and extensions (v3: the same tables, late judged again by extensions)', async () => {
  expect(learningProjection.version).toBe(3);
  await buildProjectionInto(t.db.pool, v1Sql, 'v1_sql', t.store);
  await buildProjectionInto(t.db.pool, learningProjection, 'v2_orm', t.store);
  const [sql, v2] = [await shape('v1_sql'), await shape('v2_orm')];
  const policies = v2.columns.filter((c) => c.column_name === 'late_policy');
  expect(policies.map((c) => [c.table_name, c.data_type, c.is_nullable])).toEqual([
    ['capstones', 'text', 'NO'],
    ['tasks', 'text', 'NO'],
  ]);
  const extensions = v2.columns.filter((c) => c.table_name === 'extensions');
  expect(extensions.map((c) => c.column_name)).toEqual(['student_id', 'item_id', 'due_at']);
  const orm = {
    columns: v2.columns.filter((c) => !policies.includes(c) && !extensions.includes(c)),
    constraints: v2.constraints.filter((c) => c.table_name !== 'extensions' && !['tasks_late_policy_not_null', 'capstones_late_policy_not_null'].includes(c.conname)),
    indexes: v2.indexes.filter((i) => i.tablename !== 'extensions'),
  };
  expect(sql.columns.length).toBe(3 + 3 + 3 + 8 + 7 + 6 + 7 + 11);
  expect(sql.indexes.map((i) => i.indexname)).toEqual([
    'assignments_pkey',
    'assignments_teacher_idx',
    'capstones_pkey',
    'capstones_week_id_key',
    'enrollments_pkey',
    'enrollments_student_idx',
    'programs_pkey',
    'subjects_pkey',
    'subjects_program_idx',
    'tasks_pkey',
    'tasks_week_idx',
    'weeks_pkey',
    'weeks_subject_id_week_number_key',
    'work_pkey',
  ]);
  expect(orm).toEqual(sql);
});
