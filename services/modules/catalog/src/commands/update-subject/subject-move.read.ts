// Editing a subject's precondition beyond adding one's (the program it goes to must exist:
// create-subject's hasProgram), as the catalog projection shows it: enrollments pin it to the program
// they were made in.
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import { CatalogEnrollment } from '../../projections/catalog/enrollment.entity.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

export async function subjectHasEnrollments(em: EntityManager, subjectId: string): Promise<boolean> {
  return (await orNone(readModelEm(em, CATALOG_PROJECTION).findOne(CatalogEnrollment, { subjectId }, { fields: ['id'], disableIdentityMap: true }), null)) !== null;
}
