// Admin Programs' read: programs by name with their live subjects and enrollments counted, from the
// read schema's views onto the live version of the catalog projection, through MikroORM (ADR 0018).
import { sql } from '@mikro-orm/postgresql';
import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { Program, ProgramsResponse, ProgramType } from '@academy/contracts';
import { CatalogEnrollment } from '../../projections/catalog/enrollment.entity.js';
import { CatalogProgram } from '../../projections/catalog/program.entity.js';
import { CatalogSubject } from '../../projections/catalog/subject.entity.js';
import { ListPrograms } from './list-programs.query.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

interface ProgramRow {
  id: string;
  name: string;
  type: ProgramType;
  description: string;
  createdAt: Date;
  subjectCount: number | string;
  enrollmentCount: number | string;
}

const toProgram = (r: ProgramRow): Program => ({
  id: r.id,
  name: r.name,
  type: r.type,
  description: r.description,
  createdAt: r.createdAt.toISOString(),
  subjectCount: Number(r.subjectCount),
  enrollmentCount: Number(r.enrollmentCount),
});

/** Every program (or only `programId`), by name; each with how many subjects and enrollments (any status) reference it. */
@QueryHandler(ListPrograms)
export class ListProgramsHandler extends ReadModelQueryHandler<ListPrograms> {
  async execute({ id: programId }: ListPrograms): Promise<ProgramsResponse> {
    if (programId !== undefined && !isUuid(programId)) return { programs: [] };
    const read = readModelEm(this.em, CATALOG_PROJECTION);
    const subjectCount = read.createQueryBuilder(CatalogSubject, 's').count().where({ programId: sql.ref('p.id') }).as('subjectCount');
    const enrollmentCount = read.createQueryBuilder(CatalogEnrollment, 'e').count().where({ programId: sql.ref('p.id') }).as('enrollmentCount');
    const qb = read
      .createQueryBuilder(CatalogProgram, 'p')
      .select(['p.id', 'p.name', 'p.type', 'p.description', 'p.createdAt', subjectCount, enrollmentCount])
      .orderBy([{ [sql.lower('p.name')]: 'asc' }, { name: 'asc' }, { id: 'asc' }]);
    if (programId !== undefined) qb.where({ id: programId });
    // Before the worker first ran the projection its schema does not exist: no programs yet.
    const rows = await orNone(qb.execute<ProgramRow[]>('all'), []);
    return { programs: rows.map(toProgram) };
  }
}
