// Teacher My Subjects' read: the subjects assigned to one teacher, as Admin Subjects shows them
// (the same rows and order), from the catalog projection's read schema through MikroORM (ADR 0018).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Subject } from '@academy/contracts';
import { CatalogAssignment } from '../../projections/catalog/assignment.entity.js';
import { catalogReadEm } from '../../projections/catalog/read-schema.js';
import { subjectsWhere } from '../list-subjects/list-subjects.read.js';

export function readMySubjects(em: EntityManager, teacherId: string): Promise<Subject[]> {
  const assigned = catalogReadEm(em).createQueryBuilder(CatalogAssignment, 'a').select('a.subjectId').where({ teacherId });
  return subjectsWhere(em, { id: { $in: assigned } });
}
