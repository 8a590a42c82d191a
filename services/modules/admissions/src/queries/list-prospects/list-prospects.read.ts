// The Prospective screens' list: one kind, an optional status and search text, newest first.
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { Prospect } from '@academy/contracts';
import type { ProspectRow } from '../../projections/prospects/prospect.entity.js';
import { readProspects } from '../prospect-rows.read.js';
import type { ListProspects } from './list-prospects.query.js';

/** LIKE treats % and _ as wildcards (and \ as their escape): a search for "50%" means the text "50%". */
export const likeLiteral = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter as a condition: `status` absent = every status; `q` a case-insensitive substring of name, email, phone, course or message. */
export function prospectsWhere({ kind, status, q }: ListProspects['filter']): FilterQuery<ProspectRow> {
  return { kind, ...(status ? { status } : {}), ...(q ? { search: { $like: `%${likeLiteral(q)}%` } } : {}) };
}

export function readListProspects(em: EntityManager, filter: ListProspects['filter']): Promise<Prospect[]> {
  return readProspects(em, prospectsWhere(filter));
}
