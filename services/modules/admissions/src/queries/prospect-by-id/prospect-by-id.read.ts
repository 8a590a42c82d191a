import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '@academy/backend';
import type { Prospect } from '@academy/contracts';
import { readProspects } from '../prospect-rows.read.js';

export async function readProspectById(em: EntityManager, id: string): Promise<Prospect | null> {
  if (!isUuid(id)) return null;
  const [prospect] = await readProspects(em, { id });
  return prospect ?? null;
}
