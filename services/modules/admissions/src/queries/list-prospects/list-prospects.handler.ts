// The Prospective screens' list: one kind, an optional status and search text, newest first.
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ProspectsResponse } from '@academy/contracts';
import type { ProspectRow } from '../../projections/prospects/prospect.entity.js';
import { readProspects } from '../prospect-rows.read.js';
import { ListProspects } from './list-prospects.query.js';

/** LIKE treats % and _ as wildcards (and \ as their escape): a search for "50%" means the text "50%". */
export const likeLiteral = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter as a condition: `status` absent = every status; `q` a case-insensitive substring of name, email, phone, course or message. */
export function prospectsWhere({ kind, status, q }: ListProspects['filter']): FilterQuery<ProspectRow> {
  return { kind, ...(status ? { status } : {}), ...(q ? { search: { $like: `%${likeLiteral(q)}%` } } : {}) };
}

@QueryHandler(ListProspects)
export class ListProspectsHandler implements IQueryHandler<ListProspects> {
  constructor(private readonly em: EntityManager) {}

  async execute({ filter }: ListProspects): Promise<ProspectsResponse> {
    return { prospects: await readProspects(this.em, prospectsWhere(filter)) };
  }
}
