// EmailVerificationRequested → one job on the 'mail' queue (job id = event id, ARCHITECTURE.md §7).
// The mail sender (services/worker) owns rendering and SMTP; this only says what it needs.
import type { DispatchRoutes, StoredEvent } from '@academy/event-store';
import { IDENTITY_EVENTS, MAIL_QUEUE, type VerificationMailJob } from '@academy/contracts';
import type { EmailVerificationRequestedData, EmailVerificationRequestedPersonal } from '../domain/user.js';

export function verificationMailJob(e: StoredEvent): VerificationMailJob | null {
  const d = e.data as EmailVerificationRequestedData;
  const p = e.personal?.data as EmailVerificationRequestedPersonal | undefined;
  // Erased before dispatch: there is nobody to write to any more.
  if (!p) return null;
  return { eventId: e.id, type: IDENTITY_EVENTS.EmailVerificationRequested, position: e.position, userId: d.userId, to: p.email, fullName: p.fullName, verifyUrl: p.verifyUrl, expiresAt: d.expiresAt };
}

export const identityNotificationRoutes: DispatchRoutes = {
  [IDENTITY_EVENTS.EmailVerificationRequested]: {
    queue: MAIL_QUEUE,
    data: (e) => verificationMailJob(e) ?? { eventId: e.id, type: e.type, position: e.position, erased: true },
    // Kept a week for support questions ("did my mail go out?"), then dropped by age only.
    opts: { attempts: 5, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: { age: 7 * 24 * 3600 } },
  },
};
