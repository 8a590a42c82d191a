// The projection's first migration builds exactly the tables v2's SQL built (ADR 0018): same columns
// (names, types, nullability, defaults, the generated `pending`, order), constraints and indexes (the
// partial, descending subject index included). v2's SQL is kept here verbatim as the reference; a
// version schema is built from each, as the runner builds one, and Postgres' catalog of the two is
// compared. v3 (ADR 0039) adds the pin columns to `submissions`, after v2's, and changes nothing else;
// v4 (issue 30 §4) adds items' late_policy, submissions' extended and the extensions table, nothing else.
import { logDatabase } from '@academy/testing/projection';
import { expect, it } from '@jest/globals';
import { buildProjectionInto, type Projection } from '@academy/event-store';
import { tableShape } from '@academy/testing';
import { tablesFromSql } from '@academy/testing/tables';
import { gradingProjection } from '../projections/grading/grading.projection.js';

/** The grading projection's tables as v2 made them from SQL (before ADR 0018). */
const v2Sql: Projection = {
  name: 'grading_v2_sql',
  version: 2,
  orm: tablesFromSql('Migration_grading_v2_sql', [
    'CREATE TABLE people (id uuid PRIMARY KEY, role text NOT NULL, full_name text, email text)',
    `CREATE TABLE programs (id uuid PRIMARY KEY, name text NOT NULL, type text NOT NULL)`,
    `CREATE TABLE subjects (id uuid PRIMARY KEY, program_id uuid NOT NULL, name text NOT NULL)`,
    `CREATE TABLE assignments (id uuid PRIMARY KEY, teacher_id uuid NOT NULL, subject_id uuid NOT NULL)`,
    'CREATE INDEX assignments_teacher_idx ON assignments (teacher_id, subject_id)',
    `CREATE TABLE weeks (id uuid PRIMARY KEY, subject_id uuid NOT NULL, week_number integer NOT NULL, is_published boolean NOT NULL DEFAULT false)`,
    `CREATE TABLE items (id uuid PRIMARY KEY, kind text NOT NULL, week_id uuid NOT NULL, title text NOT NULL, day_number integer, due_at timestamptz, removed boolean NOT NULL)`,
    `CREATE TABLE enrollments (id uuid PRIMARY KEY, student_id uuid NOT NULL, program_id uuid NOT NULL, status text NOT NULL, current_week integer NOT NULL, enrolled_at timestamptz NOT NULL, activated_at timestamptz)`,
    'CREATE INDEX enrollments_student_idx ON enrollments (student_id, status)',
    'CREATE INDEX enrollments_program_idx ON enrollments (program_id, status)',
    `CREATE TABLE submissions (
      id uuid PRIMARY KEY,
      stream_id text NOT NULL,
      student_id uuid NOT NULL,
      kind text NOT NULL,
      item_id uuid NOT NULL,
      week_id uuid NOT NULL,
      subject_id uuid NOT NULL,
      github_url text NOT NULL,
      notes text NOT NULL,
      submitted_at timestamptz NOT NULL,
      due_at timestamptz,
      late boolean NOT NULL,
      attempt integer NOT NULL,
      latest boolean NOT NULL,
      status text,
      pending boolean GENERATED ALWAYS AS (status IS NULL OR status = 'pending') STORED,
      score numeric(5, 2),
      feedback text,
      teacher_id uuid,
      graded_at timestamptz,
      version integer NOT NULL
    )`,
    'CREATE INDEX submissions_stream_idx ON submissions (stream_id)',
    'CREATE INDEX submissions_student_idx ON submissions (student_id, submitted_at DESC)',
    'CREATE INDEX submissions_subject_idx ON submissions (subject_id, pending, submitted_at DESC, id DESC) WHERE latest',
  ]),
  handlers: {},
};

const t = logDatabase('grading_migrations', { published: false });

/** What Postgres says a schema's read tables are (@academy/testing tableShape). */
const shape = (schema: string) => tableShape(t.db.pool, schema);

/** v3's pin columns, appended to `submissions` (nullable: attempts from before pinning have none). */
const PIN_COLUMNS = [
  ['pin_state', 'text'],
  ['commit_sha', 'text'],
  ['pinned_at', 'timestamp with time zone'],
];

/** v4's additions (issue 30 §4): [table, column, type, nullable, default]. */
const DEADLINE_COLUMNS = [
  ['items', 'late_policy', 'text', 'NO', "'accept'::text"],
  ['submissions', 'extended', 'boolean', 'NO', 'false'],
  // v5 (issue 30 §3): the conversation's marker.
  ['submissions', 'awaiting_reply', 'boolean', 'NO', 'false'],
  // v6 (issue 30 §2): the latest grade's rubric breakdown.
  ['submissions', 'rubric', 'jsonb', 'YES', null],
];

it('builds the tables v2 built from SQL, plus v3\'s pin columns at the end of submissions, v4\'s deadline columns and extensions, v5\'s replies, v6\'s rubrics', async () => {
  expect(gradingProjection.version).toBe(6);
  await buildProjectionInto(t.db.pool, v2Sql, 'v2_sql', t.store);
  await buildProjectionInto(t.db.pool, gradingProjection, 'v4_orm', t.store);
  const [sql, v4] = [await shape('v2_sql'), await shape('v4_orm')];
  const pins = v4.columns.filter((c) => PIN_COLUMNS.some(([name]) => c.column_name === name));
  expect(pins.map((c) => [c.column_name, c.data_type, c.is_nullable, c.table_name])).toEqual(PIN_COLUMNS.map(([name, type]) => [name, type, 'YES', 'submissions']));
  const deadlines = v4.columns.filter((c) => DEADLINE_COLUMNS.some(([table, name]) => c.table_name === table && c.column_name === name));
  expect(deadlines.map((c) => [c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default])).toEqual(DEADLINE_COLUMNS);
  const extensions = v4.columns.filter((c) => c.table_name === 'extensions');
  expect(extensions.map((c) => c.column_name)).toEqual(['student_id', 'item_id', 'due_at', 'reason', 'granted_by', 'granted_at']);
  const replies = v4.columns.filter((c) => c.table_name === 'replies');
  expect(replies.map((c) => c.column_name)).toEqual(['id', 'submission_id', 'student_id', 'seq', 'author_id', 'author_role', 'text', 'sent_at']);
  expect(v4.indexes.filter((i) => i.tablename === 'replies').map((i) => i.indexname)).toEqual(['replies_pkey', 'replies_student_idx', 'replies_submission_idx']);
  const rubrics = v4.columns.filter((c) => c.table_name === 'rubrics');
  expect(rubrics.map((c) => c.column_name)).toEqual(['item_id', 'version', 'kind', 'criteria', 'set_by', 'set_at']);
  expect(v4.columns.filter((c) => c.table_name === 'rubric_templates').map((c) => c.column_name)).toEqual(['id', 'name', 'kind', 'criteria', 'created_by', 'created_at']);
  const added = new Set(['extensions', 'replies', 'rubrics', 'rubric_templates']);
  const orm = {
    columns: v4.columns.filter((c) => !pins.includes(c) && !deadlines.includes(c) && !added.has(c.table_name)),
    constraints: v4.constraints.filter((c) => !added.has(c.table_name) && !['items_late_policy_not_null', 'submissions_extended_not_null', 'submissions_awaiting_reply_not_null'].includes(c.conname)),
    indexes: v4.indexes.filter((i) => !added.has(i.tablename)),
  };
  expect(sql.columns.length).toBe(4 + 3 + 3 + 3 + 4 + 7 + 7 + 21);
  expect(sql.columns.find((c) => c.column_name === 'pending')).toMatchObject({ is_generated: 'ALWAYS', data_type: 'boolean' });
  expect(sql.indexes.map((i) => i.indexname)).toEqual([
    'assignments_pkey',
    'assignments_teacher_idx',
    'enrollments_pkey',
    'enrollments_program_idx',
    'enrollments_student_idx',
    'items_pkey',
    'people_pkey',
    'programs_pkey',
    'subjects_pkey',
    'submissions_pkey',
    'submissions_stream_idx',
    'submissions_student_idx',
    'submissions_subject_idx',
    'weeks_pkey',
  ]);
  expect(orm).toEqual(sql);
});
