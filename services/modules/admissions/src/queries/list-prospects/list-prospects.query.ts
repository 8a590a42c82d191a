import { Query } from '@nestjs/cqrs';
import type { ProspectKind, ProspectsResponse, ProspectStatus } from '@academy/contracts';

/** Admin Prospective Students and student-admin Prospective: one kind, an optional status and search text, newest first. */
export class ListProspects extends Query<ProspectsResponse> {
  constructor(readonly filter: { kind: ProspectKind; status?: ProspectStatus; q: string }) {
    super();
  }
}
