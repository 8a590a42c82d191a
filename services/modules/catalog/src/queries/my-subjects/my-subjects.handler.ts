// Teacher My Subjects' read: the subjects assigned to one teacher, as Admin Subjects shows them
// (the same rows and order), from the catalog projection's read schema through MikroORM (ADR 0018).
import { QueryHandler } from '@nestjs/cqrs';
import type { MySubjectsResponse } from '@academy/contracts';
import { readModelEm, ReadModelQueryHandler } from '@academy/backend';
import { CatalogAssignment } from '../../projections/catalog/assignment.entity.js';
import { subjectsWhere } from '../list-subjects/list-subjects.read.js';
import { MySubjects } from './my-subjects.query.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

@QueryHandler(MySubjects)
export class MySubjectsHandler extends ReadModelQueryHandler<MySubjects> {
  async execute({ userId: teacherId }: MySubjects): Promise<MySubjectsResponse> {
    const assigned = readModelEm(this.em, CATALOG_PROJECTION).createQueryBuilder(CatalogAssignment, 'a').select('a.subjectId').where({ teacherId });
    return { subjects: await subjectsWhere(this.em, { id: { $in: assigned } }) };
  }
}
