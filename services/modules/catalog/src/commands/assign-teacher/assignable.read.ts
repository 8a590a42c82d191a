// Assigning's preconditions, as the catalog projection shows them (its read schema, MikroORM).
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import { CatalogPerson } from '../../projections/catalog/person.entity.js';
import { CatalogSubject } from '../../projections/catalog/subject.entity.js';
import { CATALOG_PROJECTION } from '../../projections/catalog/names.js';

const ONE = { fields: ['id'], disableIdentityMap: true } as const;

/** Is this user a teacher the catalog knows (registered, not deleted, still a teacher)? */
export async function isLiveTeacher(em: EntityManager, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  return (await orNone(readModelEm(em, CATALOG_PROJECTION).findOne(CatalogPerson, { id: userId, role: 'teacher' }, ONE), null)) !== null;
}

export async function subjectExists(em: EntityManager, subjectId: string): Promise<boolean> {
  if (!isUuid(subjectId)) return false;
  return (await orNone(readModelEm(em, CATALOG_PROJECTION).findOne(CatalogSubject, { id: subjectId }, ONE), null)) !== null;
}

