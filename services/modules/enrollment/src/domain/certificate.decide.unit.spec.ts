// given events / when command / then events: a certificate is issued once per enrollment, and an
// admin revokes it once, with a reason stored as the holder's personal data (erased with them).
import { auditContextOf, CERTIFICATE_MESSAGES } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { type CertificateCommand, certificateDecider, type CertificateEvent, certificateStream } from './certificate.js';

const certificate = deciderSpec(certificateDecider);

const CODE = 'q3Jx0-bT5yZ_aW9kLm2n4p';
const issue: CertificateCommand = {
  type: 'IssueCertificate',
  enrollmentId: 'e1',
  code: CODE,
  studentId: 'st1',
  programId: 'p1',
  activatedAt: '2026-09-01T08:00:00.000Z',
  completedAt: '2026-11-24T10:00:00.000Z',
};
const issued: CertificateEvent = {
  type: 'CertificateIssued',
  data: { enrollmentId: 'e1', code: CODE, studentId: 'st1', programId: 'p1', activatedAt: '2026-09-01T08:00:00.000Z', completedAt: '2026-11-24T10:00:00.000Z' },
};
const revoked: CertificateEvent = { type: 'CertificateRevoked', data: { enrollmentId: 'e1', code: CODE }, personal: { subjectId: 'st1', data: { reason: 'Plagiarised capstone' } } };

it('lives in one stream per enrollment, which the audit trail files under enrollment', () => {
  expect(certificateStream('e1')).toBe('certificate-e1');
  expect(auditContextOf(certificateStream('e1'))).toBe('enrollment');
});

describe('issuing', () => {
  it('issues the certificate of a completed enrollment with its code and dates', () => {
    certificate.given().when(issue).then([issued]);
    expect(certificate.given(issued).state).toMatchObject({ issued: true, enrollmentId: 'e1', code: CODE, studentId: 'st1', revoked: false });
  });

  it('issues nothing a second time (a re-completion, a retried command): one certificate per enrollment', () => {
    certificate.given(issued).when({ ...issue, code: 'another-code-xxxxxxxxxx', completedAt: '2026-12-01T00:00:00.000Z' }).thenNothing();
    // Not even after a revocation: revoked stays revoked.
    certificate.given(issued, revoked).when(issue).thenNothing();
  });
});

describe('revoking', () => {
  it('revokes with the reason, trimmed, as the holder’s personal data', () => {
    certificate.given(issued).when({ type: 'RevokeCertificate', reason: '  Plagiarised capstone ' }).then([revoked]);
    expect(certificate.given(issued, revoked).state.revoked).toBe(true);
  });

  it('refuses a blank reason, an unknown certificate and a second revocation', () => {
    certificate
      .given(issued)
      .when({ type: 'RevokeCertificate', reason: ' \n ' })
      .thenRefused({ kind: 'invalid', fields: { reason: [CERTIFICATE_MESSAGES.reasonRequired] } });
    certificate.given().when({ type: 'RevokeCertificate', reason: 'x' }).thenRefused({ kind: 'not_found', message: CERTIFICATE_MESSAGES.certificateNotFound });
    certificate.given(issued, revoked).when({ type: 'RevokeCertificate', reason: 'again' }).thenRefused({ kind: 'conflict', message: CERTIFICATE_MESSAGES.alreadyRevoked });
  });
});
