// Editing a subject's preconditions, as the catalog projection shows them (its read schema, MikroORM):
// the program it goes to must exist, and enrollments pin it to the program they were made in.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import { CatalogEnrollment } from '../../projections/catalog/enrollment.entity.js';
import { CatalogProgram } from '../../projections/catalog/program.entity.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

const ONE = { fields: ['id'], disableIdentityMap: true } as const;

export async function hasProgram(em: EntityManager, programId: string): Promise<boolean> {
  if (!isUuid(programId)) return false;
  return (await orNone(readModelEm(em, CATALOG_PROJECTION).findOne(CatalogProgram, { id: programId }, ONE), null)) !== null;
}

export async function subjectHasEnrollments(em: EntityManager, subjectId: string): Promise<boolean> {
  return (await orNone(readModelEm(em, CATALOG_PROJECTION).findOne(CatalogEnrollment, { subjectId }, ONE), null)) !== null;
}
