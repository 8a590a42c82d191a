// Outgoing mail (ARCHITECTURE.md §7): events are routed to the 'mail' queue (job id = event id) and
// the worker renders them with the emitting context's template, then sends over SMTP_URL.
import type { DispatchRoute, DispatchRoutes, StoredEvent } from '@academy/event-store';
import type { AppConfig } from '../config.js';
import type { RecipientDirectory } from '../notifications/notices.js';

export const MAIL_QUEUE = 'mail';
/** Job name of a message rendered by its producer (no template, no event behind it). */
export const MAIL_MESSAGE_JOB = 'message';

export interface MailMessage {
  /** One address or several; `Name <a@b>` works too. */
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** A display name or other text bound for a mail header: without what would break the address syntax or start a new header. */
export const headerText = (text: string) => text.replace(/[<>",;\r\n]/g, '').trim();

/** `Name <address>` for a To or Reply-To header; the bare address when the name has nothing left. */
export const mailbox = (name: string, email: string) => (headerText(name) ? `${headerText(name)} <${email}>` : email);

export interface MailTemplateContext {
  config: Pick<AppConfig, 'PUBLIC_URL' | 'MAIL_FROM' | 'ADMISSIONS_EXTRA_EMAILS' | 'ACADEMY_TIME_ZONE'>;
  /** Who may be told: live users with their address and mail preferences (services/modules/notifications). */
  directory: RecipientDirectory;
}

/**
 * Renders one event into the mail(s) to send, or null when this event needs none. It receives the
 * event read back from the store (personal data decrypted); it is never called for an event whose
 * subject has been erased. Several messages (e.g. staff notice + applicant acknowledgement) are each
 * sent at most once per job; their order must be stable for a given event, because a retried job
 * skips the parts it already sent by their index.
 */
export type MailTemplate = (event: StoredEvent, ctx: MailTemplateContext) => MailRender | Promise<MailRender>;
export type MailRender = MailMessage | MailMessage[] | null;

/** Event type → template. Each context exports its own; the worker merges them (services/worker/src/mail/templates.ts). */
export type MailTemplates = Record<string, MailTemplate>;

/**
 * Job options for mail: retries with exponential backoff (2 s, 4 s … 512 s: ≈ 17 min over 9 retries) so an
 * SMTP outage of a few minutes loses nothing. Completed jobs may go after a day: the worker's
 * sent_mail table, not Redis, is what stops a re-added job id from sending twice.
 */
export const MAIL_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const satisfies DispatchRoute['opts'];

/**
 * How many mail jobs one worker sends at once. A worker killed between a server's acceptance and the
 * commit that records it resends each of those on retry (mail.processor.ts): at most this many
 * duplicates per killed worker, each with the Message-ID of the first.
 */
export const MAIL_CONCURRENCY = 4;

/** What a job on the mail queue carries: an event to render (the dispatcher's default job data) or a ready message. */
export type MailJobData =
  | { eventId: string; type: string; position: number; hasPersonal?: boolean }
  | { message: MailMessage };

/** The dispatcher routes that send every templated event type to the mail queue. */
export function mailRoutes(templates: MailTemplates): DispatchRoutes {
  const routes: DispatchRoutes = {};
  for (const type of Object.keys(templates)) routes[type] = { queue: MAIL_QUEUE, opts: MAIL_JOB_OPTIONS };
  return routes;
}

/**
 * Adds the mail routes to existing ones. An event a context already routes to the mail queue itself
 * keeps that route (one job per queue per event: the job id is the event id).
 */
export function withMailRoutes(routes: DispatchRoutes, templates: MailTemplates): DispatchRoutes {
  const merged: DispatchRoutes = { ...routes };
  for (const [type, route] of Object.entries(mailRoutes(templates))) {
    const existing = merged[type];
    if (!existing) merged[type] = route;
    else {
      const list = Array.isArray(existing) ? existing : [existing];
      if (!list.some((r) => r.queue === MAIL_QUEUE)) merged[type] = [...list, route as DispatchRoute];
    }
  }
  return merged;
}
