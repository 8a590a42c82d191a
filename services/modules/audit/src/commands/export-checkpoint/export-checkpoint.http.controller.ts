import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { type SignedCheckpointFile, signedCheckpointSchema } from '@academy/contracts';
import { ExportCheckpoint } from './export-checkpoint.command.js';

@Controller('audit/checkpoints')
export class ExportCheckpointController extends DispatchingController {
  /** The checkpoint as a JSON file (attachment `checkpoint-<position>.json`); 404 'Checkpoint not found'. */
  @Get(':id/export')
  @Roles('auditor', 'admin')
  @Answers(200, signedCheckpointSchema)
  async export(@Param('id') id: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response): Promise<SignedCheckpointFile> {
    const { file } = await this.dispatch.execute(new ExportCheckpoint(caller, id));
    res.setHeader('content-disposition', `attachment; filename="checkpoint-${file.position}.json"`);
    return file;
  }
}
