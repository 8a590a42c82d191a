import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, PG_POOL, principalOf } from '@academy/backend';
import { bundleDigest, type EventStore, runCommand } from '@academy/event-store';
import { EVIDENCE_EXPORTED, EVIDENCE_STREAM, type EvidenceExportedData } from '../../domain/audit-events.js';
import { exportEvidence } from '../../trail/evidence.js';
import { AuditSigner } from '../../trail/infra.js';
import { ExportEvidence } from './export-evidence.command.js';

/** Builds the bundle, then records what was handed out (with its digest) before it is answered. */
@CommandHandler(ExportEvidence)
export class ExportEvidenceHandler implements ICommandHandler<ExportEvidence> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly signer: AuditSigner,
  ) {}

  async execute({ caller, from, to }: ExportEvidence) {
    const { text, range } = await exportEvidence(this.store, this.pool, this.signer.get(), from, to, caller.metadata.occurredAt);
    const content = text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1);
    const data: EvidenceExportedData = {
      from,
      to,
      lastPosition: range.to,
      events: range.events.length,
      checkpoints: range.checkpoints.map((c) => c.position),
      digest: bundleDigest(content),
      byUserId: principalOf(caller).userId,
    };
    await runCommand(this.store, caller.metadata, { execute: (unit) => unit.emit(EVIDENCE_STREAM, [{ type: EVIDENCE_EXPORTED, data }], 'any') });
    return { text, from, lastPosition: range.to };
  }
}
