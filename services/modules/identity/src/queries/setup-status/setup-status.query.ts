import { Query } from '@nestjs/cqrs';
import type { SetupStatus } from '@academy/contracts';

/** /setup's first question (public): is there an administrator already? */
export class GetSetupStatus extends Query<SetupStatus> {}
