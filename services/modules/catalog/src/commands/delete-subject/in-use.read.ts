// Deleting a subject's precondition, as the catalog projection shows it (its read schema, MikroORM).
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import { CatalogAssignment, type CatalogAssignmentRow } from '../../projections/catalog/assignment.entity.js';
import { CatalogEnrollment } from '../../projections/catalog/enrollment.entity.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

/** Does a teacher assignment or an enrollment reference the subject? One statement: both as of one snapshot. */
export async function subjectInUse(em: EntityManager, subjectId: string): Promise<boolean> {
  const read = readModelEm(em, CATALOG_PROJECTION);
  const references = read
    .createQueryBuilder(CatalogAssignment, 'a')
    .select('a.id')
    .where({ subjectId })
    .limit(1)
    .unionAll(read.createQueryBuilder(CatalogEnrollment, 'e').select('e.id').where({ subjectId }).limit(1));
  // Selected from as a subquery (the union's own statement has no alias); its type only narrows the columns.
  const found = await orNone(read.createQueryBuilder(references as QueryBuilder<CatalogAssignmentRow>, 'r').select('*').limit(1).execute('all'), []);
  return found.length > 0;
}
