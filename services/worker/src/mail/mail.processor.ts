import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { EntityManager } from '@mikro-orm/postgresql';
import { UnrecoverableError, type Job } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import type { EventStore } from '@academy/event-store';
import { type AppConfig, EVENT_STORE, MAIL_CONCURRENCY, MAIL_MESSAGE_JOB, MAIL_QUEUE, type MailMessage, PG_POOL, type RecipientDirectory } from '@academy/backend';
import type { WorkerRegistry } from '../projections/projections.host.js';
import { WORKER_CONFIG, WORKER_REGISTRY } from '../tokens.js';
import { QueueConsumer } from '../queue-consumers.js';

/** A worker without the notifications context knows nobody: templates that mail staff send to no one. */
const NO_RECIPIENTS: RecipientDirectory = { byRoles: async () => [], byId: async () => null };

/** What a mail job returns (kept by BullMQ with the job, so never personal data). */
export type MailOutcome = { sent: true; messageId: string } | { sent: false; reason: 'already sent' | 'subject erased' | 'nothing to send' };

function isMessage(m: unknown): m is MailMessage {
  const x = m as Partial<MailMessage> | null;
  const to = x?.to;
  return (
    !!x &&
    (typeof to === 'string' ? to.length > 0 : Array.isArray(to) && to.length > 0 && to.every((a) => typeof a === 'string')) &&
    typeof x.subject === 'string' &&
    typeof x.text === 'string'
  );
}

/**
 * The Message-ID of a job's mail, the same on every attempt: `<job id@the sender's domain>` (a job id
 * is a uuid, with "/<part>" for a multi-message job; both are valid in a msg-id's left side).
 */
export function messageIdOf(jobId: string, mailFrom: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'academy.local';
  return `<${jobId}@${domain}>`;
}

/**
 * The mail queue's processor (ARCHITECTURE.md §7). A job is either an event routed by the
 * notifications dispatcher (job id = event id), rendered here by its context's template from the
 * event read back out of the store, or a message its producer already rendered (job name 'message').
 *
 * Personal data: an event job carries none; the event is re-read (and decrypted) when the mail is
 * sent, so an erasure made while the job waited or retried is honoured: nothing is sent.
 *
 * Exactly once per job id, as far as SMTP allows: the send runs inside a transaction that holds the
 * job's row in sent_mail, committed after the server accepted the mail. A retry or a re-added job
 * finds the row and sends nothing; a second worker running the same job waits on the row lock. The
 * one remaining window (the process dies after the SMTP server accepted the mail but before the
 * commit) resends on retry: a duplicate beats a lost mail. The resend carries the same Message-ID
 * (made from the job id), so mailboxes that fold duplicates by Message-ID show it once.
 */
@Injectable()
export class MailProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('mail');
  private consumer?: QueueConsumer;
  private transport?: Transporter;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_REGISTRY) private readonly registry: WorkerRegistry,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    em: EntityManager,
  ) {
    this.directory = registry.recipientDirectory ? registry.recipientDirectory(em) : NO_RECIPIENTS;
  }

  private readonly directory: RecipientDirectory;

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SMTP_URL) {
      // Not an error outside production (config makes it one there): the jobs wait for a worker that can send.
      this.log.warn(`SMTP_URL is not set: not consuming queue ${this.config.QUEUE_PREFIX}:${MAIL_QUEUE}; mail waits there`);
      return;
    }
    this.transport = nodemailer.createTransport(
      // Short timeouts: a hung server fails the attempt, and BullMQ's backoff retries it.
      { url: this.config.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
      { from: this.config.MAIL_FROM },
    );
    this.consumer = new QueueConsumer(this.config, this.log, {
      queue: MAIL_QUEUE,
      connectionName: 'academy-worker-mail',
      label: 'mail',
      concurrency: MAIL_CONCURRENCY,
      process: (job) => this.process(job),
      failed: (job, err) => `mail job ${job?.id ?? '?'} (${job?.name ?? '?'}) attempt ${job?.attemptsMade ?? '?'} failed: ${err.message}`,
    });
    await this.consumer.ready();
    this.log.log(`consuming queue ${this.config.QUEUE_PREFIX}:${MAIL_QUEUE}`);
  }

  async process(job: Job): Promise<MailOutcome> {
    const jobId = job.id;
    // BullMQ's own ids are counters that start again with an empty Redis: one would match an old sent_mail row and the mail would be dropped.
    if (!jobId || /^\d+$/.test(jobId)) throw new UnrecoverableError('a mail job needs its own job id (the event id, or a uuid for a rendered message)');
    const messages = await this.render(job);
    if (!Array.isArray(messages)) return messages;
    // Part 0 keeps the bare job id (one-message jobs are unchanged); part i of a multi-message job is
    // "<job id>/<i>", so a retry after a partial failure sends only the parts not yet accepted.
    let outcome: MailOutcome = { sent: false, reason: 'already sent' };
    for (const [i, message] of messages.entries()) {
      const sent = await this.sendOnce(i === 0 ? jobId : `${jobId}/${i}`, job.name, message);
      if (sent.sent) outcome = sent;
    }
    return outcome;
  }

  private async render(job: Job): Promise<MailMessage[] | Extract<MailOutcome, { sent: false }>> {
    if (job.name === MAIL_MESSAGE_JOB) {
      const message = (job.data as { message?: unknown }).message;
      if (!isMessage(message)) throw new UnrecoverableError(`mail job ${job.id}: data.message needs to, subject and text`);
      return [message];
    }
    const { eventId, type, position } = job.data as { eventId?: string; type?: string; position?: number };
    if (typeof eventId !== 'string' || typeof type !== 'string' || typeof position !== 'number') {
      throw new UnrecoverableError(`mail job ${job.id} (${job.name}): neither a rendered message nor an event (eventId, type, position)`);
    }
    const template = Object.hasOwn(this.registry.mailTemplates ?? {}, type) ? this.registry.mailTemplates![type] : undefined;
    if (!template) throw new UnrecoverableError(`no mail template for event type ${type}`);
    const [event] = await this.store.readAll(position - 1, 1);
    if (!event || event.id !== eventId) throw new UnrecoverableError(`event ${eventId} is not at position ${position}`);
    if (event.erased) return { sent: false, reason: 'subject erased' };
    const rendered = await template(event, { config: this.config, directory: this.directory });
    const messages = rendered === null ? [] : Array.isArray(rendered) ? rendered : [rendered];
    if (messages.length === 0) return { sent: false, reason: 'nothing to send' };
    if (!messages.every(isMessage)) throw new UnrecoverableError(`the mail template of ${type} returned a message without to, subject or text`);
    return messages;
  }

  private async sendOnce(jobId: string, jobName: string, message: MailMessage): Promise<MailOutcome> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      // A concurrent run of the same job blocks here until this transaction ends, then sees the row.
      const claim = await client.query('insert into sent_mail (job_id, job_name) values ($1, $2) on conflict (job_id) do nothing', [jobId, jobName]);
      if (claim.rowCount === 0) {
        await client.query('commit');
        return { sent: false, reason: 'already sent' };
      }
      const info = (await this.transport!.sendMail({ ...message, messageId: messageIdOf(jobId, this.config.MAIL_FROM) })) as { messageId: string; rejected?: unknown[] };
      if (info.rejected?.length) this.log.warn(`mail job ${jobId}: the server refused ${info.rejected.length} recipient(s)`);
      await client.query('update sent_mail set message_id = $2, sent_at = now() where job_id = $1', [jobId, info.messageId]);
      await client.query('commit');
      return { sent: true, messageId: info.messageId };
    } catch (e) {
      await client.query('rollback').catch(() => (broken = true));
      throw e;
    } finally {
      client.release(broken); // a connection that could not even roll back is dropped, not reused
    }
  }

  /** Lets running sends finish (BullMQ close waits for them), then drops the connections. */
  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.close();
    this.transport?.close();
  }
}
