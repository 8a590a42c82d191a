// Deleting a program's precondition, as the catalog projection shows it (its read schema, MikroORM).
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import { CatalogEnrollment } from '../../projections/catalog/enrollment.entity.js';
import { CatalogSubject, type CatalogSubjectRow } from '../../projections/catalog/subject.entity.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

/** Does a live subject or any enrollment reference the program? One statement: both as of one snapshot. */
export async function programInUse(em: EntityManager, programId: string): Promise<boolean> {
  const read = readModelEm(em, CATALOG_PROJECTION);
  const references = read
    .createQueryBuilder(CatalogSubject, 's')
    .select('s.id')
    .where({ programId })
    .limit(1)
    .unionAll(read.createQueryBuilder(CatalogEnrollment, 'e').select('e.id').where({ programId }).limit(1));
  // Selected from as a subquery (the union's own statement has no alias); its type only narrows the columns.
  const found = await orNone(read.createQueryBuilder(references as QueryBuilder<CatalogSubjectRow>, 'r').select('*').limit(1).execute('all'), []);
  return found.length > 0;
}
