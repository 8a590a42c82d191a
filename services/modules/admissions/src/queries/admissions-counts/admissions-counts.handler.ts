// The dashboards' admissions figures: how many prospects of each kind are in each status (one
// grouped read of the read schema's views, MikroORM QueryBuilder), then the figures from those groups.
import { raw } from '@mikro-orm/postgresql';
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { AdmissionsCounts as Counts, ProspectKind, ProspectStatus } from '@academy/contracts';
import { Prospect } from '../../projections/prospects/prospect.entity.js';
import { AdmissionsCounts } from './admissions-counts.query.js';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/names.js';

export interface StatusGroup {
  kind: ProspectKind;
  status: ProspectStatus;
  count: number;
}

/** 'Pending Approvals' / 'Pending Applications' (pending applications), open applications (pending or contacted), pending messages. */
export function admissionsCountsOf(groups: readonly StatusGroup[]): Counts {
  const sum = (kind: ProspectKind, statuses: readonly ProspectStatus[]) =>
    groups.filter((g) => g.kind === kind && statuses.includes(g.status)).reduce((n, g) => n + g.count, 0);
  return {
    pendingApplications: sum('application', ['pending']),
    openApplications: sum('application', ['pending', 'contacted']),
    pendingQuickContacts: sum('quick_contact', ['pending']),
  };
}

@QueryHandler(AdmissionsCounts)
export class AdmissionsCountsHandler extends ReadModelQueryHandler<AdmissionsCounts> {
  async execute(): Promise<Counts> {
    // One statement, so the three figures come from one snapshot (pending ≤ open always holds).
    // count(*) is the QueryBuilder's documented way to an aggregate beside grouped columns (raw).
    const groups = await orNone(
      readModelEm(this.em, ADMISSIONS_PROJECTION)
        .createQueryBuilder(Prospect)
        .select(['kind', 'status', raw('count(*)::int as count')])
        .groupBy(['kind', 'status'])
        .execute<StatusGroup[]>('all', false),
      [],
    );
    return admissionsCountsOf(groups);
  }
}
