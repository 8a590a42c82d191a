// Teacher My Subjects' read: the subjects assigned to one teacher, as Admin Subjects shows them
// (the same rows and order), from the catalog projection's read schema through MikroORM (ADR 0018).
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MySubjectsResponse } from '@academy/contracts';
import { CatalogAssignment } from '../../projections/catalog/assignment.entity.js';
import { catalogReadEm } from '../../projections/catalog/read-schema.js';
import { subjectsWhere } from '../list-subjects/list-subjects.read.js';
import { MySubjects } from './my-subjects.query.js';

@QueryHandler(MySubjects)
export class MySubjectsHandler implements IQueryHandler<MySubjects> {
  constructor(private readonly em: EntityManager) {}

  async execute({ teacherId }: MySubjects): Promise<MySubjectsResponse> {
    const assigned = catalogReadEm(this.em).createQueryBuilder(CatalogAssignment, 'a').select('a.subjectId').where({ teacherId });
    return { subjects: await subjectsWhere(this.em, { id: { $in: assigned } }) };
  }
}
