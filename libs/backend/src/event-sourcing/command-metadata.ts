import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { EventMetadata } from '@academy/event-store';

/** Who is calling, as the identity context's guard attaches it to the request. */
export interface Principal {
  userId: string;
  role: string;
  /** The session family of the access token (sign-out and revocation end it). */
  sessionId?: string;
}

export const CORRELATION_HEADER = 'x-correlation-id';
const ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The metadata every event of one HTTP command carries (ARCHITECTURE.md §3): the signed-in actor, the
 * correlation id the client sent (or a new one), and what caused it (null: a person's request).
 */
export function commandMetadata(req: Request & { principal?: Principal }, causationId: string | null = null): EventMetadata {
  const sent = req.header(CORRELATION_HEADER);
  return {
    actorId: req.principal?.userId ?? null,
    actorRole: req.principal?.role ?? null,
    correlationId: sent && ID.test(sent) ? sent : randomUUID(),
    causationId,
    occurredAt: new Date().toISOString(),
  };
}
