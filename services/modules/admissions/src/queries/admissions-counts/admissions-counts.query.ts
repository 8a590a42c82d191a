import { Query } from '@nestjs/cqrs';
import type { AdmissionsCounts as Counts } from '@academy/contracts';

/** Admin 'Pending Approvals' and student-admin 'Pending Applications' (pendingApplications), open applications, pending messages. */
export class AdmissionsCounts extends Query<Counts> {}
