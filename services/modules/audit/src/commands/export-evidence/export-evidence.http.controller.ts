import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Answers, Caller, type CommandContext, DispatchingController, Refuses, Roles, ZodValidationPipe } from '@academy/backend';
import { type AuditEvidenceQuery, auditEvidenceQuerySchema } from '@academy/contracts';
import { ExportEvidence } from './export-evidence.command.js';

@Controller('audit/evidence')
export class ExportEvidenceController extends DispatchingController {
  /** ?from=&to= → the signed evidence bundle as a JSON-lines file (attachment); 400 with fields; 503 without the signing key. */
  @Get()
  @Roles('auditor', 'admin')
  @Refuses(503)
  @Answers(200, undefined, { contentType: 'application/x-ndjson', description: 'The evidence bundle (JSON lines, attachment): events with their hashes, the closing signed checkpoint, a signature line. Verify it offline: npm run academy -- audit verify-bundle <file>.' })
  async export(@Query(new ZodValidationPipe(auditEvidenceQuerySchema)) query: AuditEvidenceQuery, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { text, from, lastPosition } = await this.dispatch.execute(new ExportEvidence(caller, query.from, query.to));
    res.setHeader('content-type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="evidence-${from}-${lastPosition}.jsonl"`);
    return text;
  }
}
