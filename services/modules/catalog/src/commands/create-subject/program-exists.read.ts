// Adding a subject's precondition, as the catalog projection shows it (its read schema, MikroORM).
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import { CatalogProgram } from '../../projections/catalog/program.entity.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

export async function hasProgram(em: EntityManager, programId: string): Promise<boolean> {
  if (!isUuid(programId)) return false;
  return (await orNone(readModelEm(em, CATALOG_PROJECTION).findOne(CatalogProgram, { id: programId }, { fields: ['id'], disableIdentityMap: true }), null)) !== null;
}
