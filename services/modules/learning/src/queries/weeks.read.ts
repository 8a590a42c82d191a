// A week as Teacher Weekly Content and the week editor show it (ListWeeks, GetWeek): the row of
// `weeks` with its subject's and program's names, its tasks by day and its capstone. Shared by the
// list-weeks and get-week query handlers, with the assignment check both make; from the read schema's views
// onto the live version of the learning projection, through MikroORM (ADR 0018).
import { sql } from '@mikro-orm/postgresql';
import type { EntityManager, QBFilterQuery } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import type { Capstone, Task, Week } from '@academy/contracts';
import { LearningAssignment } from '../projections/learning/assignment.entity.js';
import { LearningCapstone } from '../projections/learning/capstone.entity.js';
import { LearningProgram } from '../projections/learning/program.entity.js';
import { LearningSubject } from '../projections/learning/subject.entity.js';
import { LearningTask } from '../projections/learning/task.entity.js';
import { LearningWeek } from '../projections/learning/week.entity.js';
import { LEARNING_PROJECTION } from '../projections/learning/learning.projection.js';

type WeekFilter = QBFilterQuery<InstanceType<typeof LearningWeek.class>>;

/** A row of the weeks' query (the joined names are null when the subject or program is gone). */
interface WeekRow {
  id: string;
  subjectId: string;
  subjectName: string | null;
  programId: string | null;
  programName: string | null;
  weekNumber: number;
  title: string;
  objectives: string;
  isPublished: boolean;
  createdAt: Date;
  version: number;
}

const FIND = { disableIdentityMap: true } as const;

/** Whether `teacherId` is assigned to `subjectId` (the catalog's assignments); false before the schema exists. */
export async function readIsAssigned(em: EntityManager, teacherId: string, subjectId: string): Promise<boolean> {
  return (await orNone(readModelEm(em, LEARNING_PROJECTION).count(LearningAssignment, { teacherId, subjectId }), 0)) > 0;
}

/** The subjects assigned to a teacher, as a sub-select for a where (`subject_id IN (…)`). */
export const subjectsOf = (em: EntityManager, teacherId: string) => readModelEm(em, LEARNING_PROJECTION).createQueryBuilder(LearningAssignment, 'a').select('a.subjectId').where({ teacherId });

/**
 * The weeks `where` selects, by subject name then week number, each with its tasks (by day) and
 * capstone. The subject and program are LEFT JOINed by id (not relations: their rows are the catalog's).
 */
export async function weeksWhere(em: EntityManager, where: WeekFilter): Promise<Week[]> {
  const read = readModelEm(em, LEARNING_PROJECTION);
  const qb = read
    .createQueryBuilder(LearningWeek, 'w')
    .select([
      'w.id',
      'w.subjectId',
      sql.ref('s.name').as('subjectName'),
      sql.ref('s.program_id').as('programId'),
      sql.ref('p.name').as('programName'),
      'w.weekNumber',
      'w.title',
      'w.objectives',
      'w.isPublished',
      'w.createdAt',
      'w.version',
    ])
    .leftJoin(read.createQueryBuilder(LearningSubject), 's', { 's.id': sql.ref('w.subject_id') })
    .leftJoin(read.createQueryBuilder(LearningProgram), 'p', { 'p.id': sql.ref('s.program_id') })
    .where(where)
    .orderBy([{ [sql.ref('s.name')]: 'asc' }, { weekNumber: 'asc' }]);
  // Before the worker first ran the projection its schema does not exist: no weeks yet.
  const rows = await orNone(qb.execute<WeekRow[]>('all'), []);
  const { tasks, capstones } = await items(read, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    subjectId: r.subjectId,
    subjectName: r.subjectName ?? '',
    programId: r.programId ?? '',
    programName: r.programName ?? '',
    weekNumber: r.weekNumber,
    title: r.title,
    objectives: r.objectives,
    isPublished: r.isPublished,
    tasks: tasks.filter((t) => t.weekId === r.id),
    capstone: capstones.find((c) => c.weekId === r.id) ?? null,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  }));
}

/** The tasks (by day) and capstones of the given weeks. */
async function items(read: EntityManager, weekIds: string[]): Promise<{ tasks: Task[]; capstones: Capstone[] }> {
  if (!weekIds.length) return { tasks: [], capstones: [] };
  const [tasks, capstones] = await Promise.all([
    orNone(read.find(LearningTask, { weekId: { $in: weekIds } }, { ...FIND, orderBy: { dayNumber: 'asc' } }), []),
    orNone(read.find(LearningCapstone, { weekId: { $in: weekIds } }, FIND), []),
  ]);
  return {
    tasks: tasks.map((t) => ({
      id: t.id,
      weekId: t.weekId,
      dayNumber: t.dayNumber,
      title: t.title,
      description: t.description,
      instructions: t.instructions,
      dueAt: t.dueAt?.toISOString() ?? null,
      latePolicy: t.latePolicy,
    })),
    capstones: capstones.map((c) => ({ id: c.id, weekId: c.weekId, title: c.title, description: c.description, instructions: c.instructions, dueAt: c.dueAt?.toISOString() ?? null, latePolicy: c.latePolicy })),
  };
}
