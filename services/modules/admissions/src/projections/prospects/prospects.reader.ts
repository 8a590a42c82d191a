import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { isUuid, PG_POOL, rowsOrNone } from '@academy/backend';
import type { AdmissionsCounts, Prospect, ProspectKind, ProspectStatus } from '@academy/contracts';
import { ADMISSIONS_PROJECTION } from './prospects.projection.js';

/** Answers wait for this projection: both Prospective screens and the dashboards' counts read it. */
export const ADMISSIONS_READ_MODEL = [ADMISSIONS_PROJECTION] as const;

interface ProspectRow {
  id: string;
  kind: ProspectKind;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  course: string | null;
  message: string;
  status: ProspectStatus;
  applied_at: Date;
  status_changed_at: Date | null;
  status_changed_by: string | null;
  changed_by_name: string | null;
  student_id: string | null;
  version: number;
}

/** A status changed by an account deleted since still says that someone did it. */
const FORMER_STAFF = 'A former staff member';

const toProspect = (r: ProspectRow): Prospect => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  courseInterest: r.course,
  message: r.message,
  status: r.status,
  appliedAt: r.applied_at.toISOString(),
  statusChangedAt: r.status_changed_at?.toISOString() ?? null,
  statusChangedBy: r.status_changed_by ? { id: r.status_changed_by, name: r.changed_by_name ?? FORMER_STAFF } : null,
  studentId: r.student_id,
  version: r.version,
});

const PROSPECTS = `SELECT p.id, p.kind, p.name, p.first_name, p.last_name, p.email, p.phone, p.course, p.message, p.status, p.applied_at,
  p.status_changed_at, p.status_changed_by, s.full_name AS changed_by_name, p.student_id, p.version
  FROM admissions.prospects p LEFT JOIN admissions.people s ON s.id = p.status_changed_by`;

/** LIKE treats % and _ as wildcards: a search for "50%" means the text "50%". */
const likeLiteral = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reads of the admissions projection (the schema's views onto the live version). */
@Injectable()
export class ProspectsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** Newest first; `status` absent = every status; `q` a case-insensitive substring of name, email, phone, course or message. */
  async list(filter: { kind: ProspectKind; status?: ProspectStatus; q: string }): Promise<Prospect[]> {
    const rows = await rowsOrNone(
      this.pool.query<ProspectRow>(
        `${PROSPECTS} WHERE p.kind = $1 AND ($2::text IS NULL OR p.status = $2) AND ($3 = '' OR p.search LIKE '%' || $3 || '%')
         ORDER BY p.applied_at DESC, p.id`,
        [filter.kind, filter.status ?? null, filter.q ? likeLiteral(filter.q) : ''],
      ),
    );
    return rows.map(toProspect);
  }

  async byId(id: string): Promise<Prospect | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOrNone(this.pool.query<ProspectRow>(`${PROSPECTS} WHERE p.id = $1`, [id]));
    return row ? toProspect(row) : null;
  }

  async counts(): Promise<AdmissionsCounts> {
    const [row] = await rowsOrNone(
      this.pool.query<{ pending_applications: number; open_applications: number; pending_quick_contacts: number }>(
        `SELECT count(*) FILTER (WHERE kind = 'application' AND status = 'pending')::int AS pending_applications,
                count(*) FILTER (WHERE kind = 'application' AND status IN ('pending', 'contacted'))::int AS open_applications,
                count(*) FILTER (WHERE kind = 'quick_contact' AND status = 'pending')::int AS pending_quick_contacts
         FROM admissions.prospects`,
      ),
    );
    return { pendingApplications: row?.pending_applications ?? 0, openApplications: row?.open_applications ?? 0, pendingQuickContacts: row?.pending_quick_contacts ?? 0 };
  }
}
