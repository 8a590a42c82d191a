// Grade history: the graders' names (the grades themselves are read from the stream's events).
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import { GradingPerson } from '../../projections/grading/person.entity.js';
import { readSchema } from '../submission-view.read.js';

/** Each person's name (their email when they have none; '' when they are gone). */
export async function readNames(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await orNone(readSchema(em).find(GradingPerson, { id: { $in: ids } }, { fields: ['id', 'fullName', 'email'], disableIdentityMap: true }), []);
  return new Map(rows.map((r) => [r.id, r.fullName ?? r.email ?? '']));
}
