// What the Prospective screens show of a prospect, shared by the list (list-prospects) and the one
// row a staff command answers with (prospect-by-id): the read schema's views onto the live version
// of the admissions projection (ADR 0004), through MikroORM (ADR 0018).
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import type { Prospect } from '@academy/contracts';
import { ADMISSIONS_PROJECTION } from '../projections/prospects/names.js';
import { Person } from '../projections/prospects/person.entity.js';
import { Prospect as ProspectEntity, type ProspectRow } from '../projections/prospects/prospect.entity.js';

/** A status changed by an account deleted since (or one without a name) still says that someone did it. */
export const FORMER_STAFF = 'A former staff member';

/** The read schema: the views onto the live version. Plain values, nothing managed. */

/** One row as the screens show it; `names` are the full names of the people who changed statuses, by id. */
export function toProspect(r: ProspectRow, names: ReadonlyMap<string, string | null>): Prospect {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    courseInterest: r.course ?? null,
    message: r.message,
    status: r.status,
    appliedAt: r.appliedAt.toISOString(),
    statusChangedAt: r.statusChangedAt?.toISOString() ?? null,
    statusChangedBy: r.statusChangedBy ? { id: r.statusChangedBy, name: names.get(r.statusChangedBy) ?? FORMER_STAFF } : null,
    studentId: r.studentId ?? null,
    version: r.version,
  };
}

/**
 * The prospects matching `where`, newest first (ties by id), with the name of who last changed each.
 * The name is a second read of `people` by the ids found, not a join through a relation: `people`
 * loses a person when their account is deleted while the prospects they changed keep the id, so there
 * is no foreign key to declare (the table has none) and the missing name is the answer's to fill in.
 * None when the schema does not exist yet (before the worker first ran the projection).
 */
export async function readProspects(em: EntityManager, where: FilterQuery<ProspectRow>): Promise<Prospect[]> {
  const read = readModelEm(em, ADMISSIONS_PROJECTION);
  const rows = await orNone(read.find(ProspectEntity, where, { orderBy: { appliedAt: 'desc', id: 'asc' }, disableIdentityMap: true }), []);
  const ids = [...new Set(rows.flatMap((r) => (r.statusChangedBy ? [r.statusChangedBy] : [])))];
  const people = ids.length === 0 ? [] : await orNone(read.find(Person, { id: { $in: ids } }, { disableIdentityMap: true }), []);
  const names = new Map(people.map((p) => [p.id, p.fullName ?? null]));
  return rows.map((r) => toProspect(r, names));
}
