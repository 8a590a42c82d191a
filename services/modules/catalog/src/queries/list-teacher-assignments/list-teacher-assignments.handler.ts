// Admin Teacher Assignments' read: each assignment with its teacher's name and email and its subject's
// and program's names, newest first, from the read schema's views onto the live version of the catalog
// projection, through MikroORM (ADR 0018).
import { sql } from '@mikro-orm/postgresql';
import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { TeacherAssignment, TeacherAssignmentsResponse } from '@academy/contracts';
import { CatalogAssignment } from '../../projections/catalog/assignment.entity.js';
import { CatalogPerson } from '../../projections/catalog/person.entity.js';
import { CatalogProgram } from '../../projections/catalog/program.entity.js';
import { CatalogSubject } from '../../projections/catalog/subject.entity.js';
import { ListTeacherAssignments } from './list-teacher-assignments.query.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

interface AssignmentRow {
  id: string;
  teacherId: string;
  teacherName: string | null;
  teacherEmail: string | null;
  subjectId: string;
  subjectName: string | null;
  programName: string | null;
  assignedAt: Date;
}

const toAssignment = (r: AssignmentRow): TeacherAssignment => ({
  id: r.id,
  teacherId: r.teacherId,
  teacherName: r.teacherName ?? '',
  teacherEmail: r.teacherEmail ?? '',
  subjectId: r.subjectId,
  subjectName: r.subjectName ?? '',
  programName: r.programName ?? '',
  assignedAt: r.assignedAt.toISOString(),
});

/** Every assignment of a teacher the catalog knows (or only `assignmentId`), newest first (spec §7). */
@QueryHandler(ListTeacherAssignments)
export class ListTeacherAssignmentsHandler extends ReadModelQueryHandler<ListTeacherAssignments> {
  async execute({ id: assignmentId }: ListTeacherAssignments): Promise<TeacherAssignmentsResponse> {
    if (assignmentId !== undefined && !isUuid(assignmentId)) return { assignments: [] };
    const read = readModelEm(this.em, CATALOG_PROJECTION);
    // The entities have no relations (each table is kept from its own events): joined on the columns.
    const qb = read
      .createQueryBuilder(CatalogAssignment, 'a')
      .select([
        'a.id',
        'a.teacherId',
        sql.ref('t.full_name').as('teacherName'),
        sql.ref('t.email').as('teacherEmail'),
        'a.subjectId',
        sql.ref('s.name').as('subjectName'),
        sql.ref('p.name').as('programName'),
        'a.assignedAt',
      ])
      .innerJoin(read.createQueryBuilder(CatalogPerson), 't', { 't.id': sql.ref('a.teacher_id') })
      .leftJoin(read.createQueryBuilder(CatalogSubject), 's', { 's.id': sql.ref('a.subject_id') })
      .leftJoin(read.createQueryBuilder(CatalogProgram), 'p', { 'p.id': sql.ref('s.program_id') })
      .orderBy([{ assignedAt: 'desc' }, { id: 'desc' }]);
    if (assignmentId !== undefined) qb.where({ id: assignmentId });
    // Before the worker first ran the projection its schema does not exist: no assignments yet.
    const rows = await orNone(qb.execute<AssignmentRow[]>('all'), []);
    return { assignments: rows.map(toAssignment) };
  }
}
