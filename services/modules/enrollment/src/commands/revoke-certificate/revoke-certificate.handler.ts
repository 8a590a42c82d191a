import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, PipelineCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { CERTIFICATE_MESSAGES } from '@academy/contracts';
import { certificateDecider, certificateStream } from '../../domain/certificate.js';
import { RevokeCertificate } from './revoke-certificate.command.js';

/** 404 unknown certificate, 409 already revoked (also when two admins race: the second sees the first). */
@CommandHandler(RevokeCertificate)
export class RevokeCertificateHandler extends PipelineCommandHandler<RevokeCertificate> {
  async execute({ caller, enrollmentId, input }: RevokeCertificate) {
    if (!isUuid(enrollmentId)) throw new DomainError('not_found', CERTIFICATE_MESSAGES.certificateNotFound);
    const { position } = await runCommand(this.store, caller.metadata, {
      conflict: () => new DomainError('conflict', CERTIFICATE_MESSAGES.alreadyRevoked),
      execute: async (unit) => {
        const certificate = await unit.load(certificateStream(enrollmentId), certificateDecider);
        unit.decide(certificate, certificateDecider, { type: 'RevokeCertificate', reason: input.reason });
      },
    });
    return { enrollmentId, position };
  }
}
