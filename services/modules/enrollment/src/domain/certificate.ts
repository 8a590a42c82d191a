// The certificate of completion of one enrollment (stream `certificate-<enrollmentId>`, ADR 0030):
// issued once, when the enrollment is completed (in the same append as the status change), and
// revocable by an admin with a reason. One stream per enrollment makes "one certificate per
// enrollment" the store's optimistic concurrency: two racing issues cannot both append. Plain TS:
// the handler draws the random code and hands it to decide.
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import { CERTIFICATE_MESSAGES, type CertificateIssuedData, type CertificateRevokedData, ENROLLMENT_EVENTS } from '@academy/contracts';

export const certificateStream = (enrollmentId: string) => `certificate-${enrollmentId}`;

export type CertificateEvent =
  | { type: typeof ENROLLMENT_EVENTS.CertificateIssued; data: CertificateIssuedData }
  | { type: typeof ENROLLMENT_EVENTS.CertificateRevoked; data: CertificateRevokedData; personal?: { subjectId: string; data: { reason: string } } };

export interface CertificateState {
  issued: boolean;
  enrollmentId: string | null;
  code: string | null;
  studentId: string | null;
  revoked: boolean;
}

export const initialCertificateState = (): CertificateState => ({ issued: false, enrollmentId: null, code: null, studentId: null, revoked: false });

export function evolveCertificate(state: CertificateState, event: LoadedEventOf<CertificateEvent>): CertificateState {
  switch (event.type) {
    case ENROLLMENT_EVENTS.CertificateIssued:
      return { ...state, issued: true, enrollmentId: event.data.enrollmentId, code: event.data.code, studentId: event.data.studentId };
    case ENROLLMENT_EVENTS.CertificateRevoked:
      return { ...state, revoked: true };
    default:
      return state;
  }
}

export type CertificateCommand =
  /** The enrollment became completed: issue its certificate unless it has one (a re-completion issues nothing). */
  | {
      type: 'IssueCertificate';
      enrollmentId: string;
      code: string;
      studentId: string;
      programId: string;
      activatedAt: string | null;
      completedAt: string;
    }
  | { type: 'RevokeCertificate'; reason: string };

export function decideCertificate(command: CertificateCommand, state: CertificateState): CertificateEvent[] {
  if (command.type === 'IssueCertificate') {
    if (state.issued) return [];
    const { enrollmentId, code, studentId, programId, activatedAt, completedAt } = command;
    return [{ type: ENROLLMENT_EVENTS.CertificateIssued, data: { enrollmentId, code, studentId, programId, activatedAt, completedAt } }];
  }
  if (!state.issued) throw new DomainError('not_found', CERTIFICATE_MESSAGES.certificateNotFound);
  if (state.revoked) throw new DomainError('conflict', CERTIFICATE_MESSAGES.alreadyRevoked);
  const reason = command.reason.trim();
  if (!reason) throw new DomainError('invalid', 'Some fields are not valid', { reason: [CERTIFICATE_MESSAGES.reasonRequired] });
  return [
    {
      type: ENROLLMENT_EVENTS.CertificateRevoked,
      data: { enrollmentId: state.enrollmentId!, code: state.code! },
      personal: { subjectId: state.studentId!, data: { reason } },
    },
  ];
}

export const certificateDecider: Decider<CertificateCommand, CertificateEvent, CertificateState> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: decideCertificate,
};
