// Admin Subjects' read: subjects with their program's name and type, by program name then name, from
// the read schema's views onto the live version of the catalog projection, through MikroORM (ADR 0018).
// Teacher My Subjects shows the same rows, only the caller's (queries/my-subjects).
import { sql } from '@mikro-orm/postgresql';
import type { EntityManager, QBFilterQuery } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import type { ProgramType, Subject } from '@academy/contracts';
import { CatalogProgram } from '../../projections/catalog/program.entity.js';
import { CatalogSubject, type CatalogSubjectRow } from '../../projections/catalog/subject.entity.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

interface SubjectRow {
  id: string;
  name: string;
  programId: string;
  programName: string;
  programType: ProgramType;
  weekNumber: number | null;
  description: string;
  createdAt: Date;
}

const toSubject = (r: SubjectRow): Subject => ({
  id: r.id,
  name: r.name,
  programId: r.programId,
  programName: r.programName,
  programType: r.programType,
  weekNumber: r.weekNumber,
  description: r.description,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The subjects `where` selects, each with its program's name and type ('' and evening when the program
 * is gone), by program name, then name (case-insensitive), then id.
 */
export async function subjectsWhere(em: EntityManager, where: QBFilterQuery<CatalogSubjectRow>): Promise<Subject[]> {
  const read = readModelEm(em, CATALOG_PROJECTION);
  const qb = read
    .createQueryBuilder(CatalogSubject, 's')
    .where(where)
    .select(['s.id', 's.name', 's.programId', sql`coalesce(p.name, '')`.as('programName'), sql`coalesce(p.type, 'evening')`.as('programType'), 's.weekNumber', 's.description', 's.createdAt'])
    // No relation on the entity (a subject may outlive its program's row): joined on the column.
    .leftJoin(read.createQueryBuilder(CatalogProgram), 'p', { 'p.id': sql.ref('s.program_id') })
    .orderBy([{ [sql`lower(coalesce(p.name, ''))`]: 'asc' }, { [sql.lower('s.name')]: 'asc' }, { id: 'asc' }]);
  // Before the worker first ran the projection its schema does not exist: no subjects yet.
  const rows = await orNone(qb.execute<SubjectRow[]>('all'), []);
  return rows.map(toSubject);
}

/** Every subject, those of one program, or only one subject. */
export function readSubjects(em: EntityManager, filter: { programId?: string; subjectId?: string }): Promise<Subject[]> {
  const { programId, subjectId } = filter;
  if ((programId !== undefined && !isUuid(programId)) || (subjectId !== undefined && !isUuid(subjectId))) return Promise.resolve([]);
  const where: QBFilterQuery<CatalogSubjectRow> = {};
  if (programId !== undefined) where.programId = programId;
  if (subjectId !== undefined) where.id = subjectId;
  return subjectsWhere(em, where);
}
