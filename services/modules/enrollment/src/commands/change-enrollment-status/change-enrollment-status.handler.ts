import { randomBytes } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, PipelineCommandHandler } from '@academy/backend';
import { DomainError, runCommand, StaleVersionError } from '@academy/event-store';
import { ENROLLMENT_MESSAGES } from '@academy/contracts';
import { certificateDecider, certificateStream } from '../../domain/certificate.js';
import { enrollmentDecider, enrollmentStream } from '../../domain/enrollment.js';
import { reclaimsPlace } from '../../domain/places.js';
import { claimPlace } from '../enroll-plans.js';
import { ChangeEnrollmentStatus } from './change-enrollment-status.command.js';

/**
 * Admin Enrollments, status selector (spec §4): any status from any. Making a completed/dropped
 * enrollment pending/active claims the student's place in the program again, in the same append
 * (409 alreadyEnrolled while another unfinished enrollment holds it). Completing an enrollment
 * issues its certificate in the same append (ADR 0030): once per enrollment, whatever happens later.
 */
@CommandHandler(ChangeEnrollmentStatus)
export class ChangeEnrollmentStatusHandler extends PipelineCommandHandler<ChangeEnrollmentStatus> {
  async execute({ caller, enrollmentId, input }: ChangeEnrollmentStatus) {
    if (!isUuid(enrollmentId)) throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
    // Retry.never: the admin chose a status for the enrollment they saw; a change in between is theirs to see.
    const { position } = await runCommand(this.store, caller.metadata, {
      conflict: (e) =>
        // An If-Match on a stream that does not exist: the enrollment is unknown, whatever version was sent.
        e instanceof StaleVersionError && e.actualVersion === 0
          ? new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound)
          : new DomainError('conflict', ENROLLMENT_MESSAGES.changedMeanwhile),
      execute: async (unit) => {
        const enrollment = await unit.load(enrollmentStream(enrollmentId), enrollmentDecider, { expectedVersion: input.expectedVersion });
        unit.decide(enrollment, enrollmentDecider, { type: 'ChangeStatus', status: input.status, now: caller.metadata.occurredAt });
        if (input.status === 'completed' && enrollment.state.status !== 'completed') {
          const certificate = await unit.load(certificateStream(enrollmentId), certificateDecider);
          unit.decide(certificate, certificateDecider, {
            type: 'IssueCertificate',
            enrollmentId,
            // 128 random bits, URL-safe: the public verification code cannot be guessed or enumerated.
            code: randomBytes(16).toString('base64url'),
            studentId: enrollment.state.studentId!,
            programId: enrollment.state.programId!,
            activatedAt: enrollment.state.activatedAt,
            completedAt: caller.metadata.occurredAt,
          });
        }
        if (reclaimsPlace(enrollment.state.status, input.status)) {
          await claimPlace(unit, enrollment.state.studentId!, enrollment.state.programId!, enrollmentId);
        }
      },
    });
    return { enrollmentId, position };
  }
}
