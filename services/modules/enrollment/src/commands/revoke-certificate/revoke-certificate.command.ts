import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { RevokeCertificateRequest } from '@academy/contracts';

/** Admin Enrollments: revoke an enrollment's certificate, with a reason (ADR 0030). */
export class RevokeCertificate extends Command<{ enrollmentId: string; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly enrollmentId: string,
    readonly input: RevokeCertificateRequest,
  ) {
    super();
  }
}
