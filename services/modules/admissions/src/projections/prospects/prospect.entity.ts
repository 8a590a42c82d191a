import { defineEntity, p } from '@mikro-orm/core';
import type { ProspectKind, ProspectStatus } from '@academy/contracts';

/**
 * `prospects`: one row per application / quick-contact message that is not erased, with the decrypted
 * person, its pipeline status, who and when of the last change, the converted student's id, the
 * stream version and a lower-case search text. Unqualified like every read entity (ADR 0018): the
 * projection writes its version schema through search_path, readers name the read schema.
 */
export const Prospect = defineEntity({
  name: 'AdmissionsProspect',
  tableName: 'prospects',
  properties: {
    id: p.uuid().primary(),
    kind: p.text().$type<ProspectKind>(),
    firstName: p.text(),
    lastName: p.text(),
    name: p.text(),
    email: p.text(),
    phone: p.text(),
    course: p.text().nullable(),
    message: p.text(),
    status: p.text().$type<ProspectStatus>(),
    appliedAt: p.datetime(),
    statusChangedAt: p.datetime().nullable(),
    // A person's id in `people` (who changed it), but no relation: an account's deletion removes its
    // person while the prospects it changed keep the id (and read as 'A former staff member').
    statusChangedBy: p.uuid().nullable(),
    studentId: p.uuid().nullable(),
    version: p.integer(),
    search: p.text(),
  },
  indexes: [
    // The lists: one kind, newest first.
    { name: 'prospects_list_idx', columns: [{ name: 'kind' }, { name: 'applied_at', sort: 'DESC' }] },
    // The status filter and the counts.
    { name: 'prospects_status_idx', properties: ['kind', 'status'] },
  ],
});

export type ProspectRow = InstanceType<typeof Prospect.class>;
