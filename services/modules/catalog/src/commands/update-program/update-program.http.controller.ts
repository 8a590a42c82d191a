import { Controller } from '@nestjs/common';
import { Dispatch, ZodValidationPipe } from '@academy/backend';
import { CATALOG_MESSAGES, programRequestSchema, programResponseSchema } from '@academy/contracts';
import { UpdateCatalogueRowController } from '../catalogue-row.http.controller.js';
import { UpdateProgram } from './update-program.command.js';

/** Admin Programs, edit: 200 { message, program }; 404 programNotFound. */
@Controller('programs')
export class UpdateProgramController extends UpdateCatalogueRowController(new ZodValidationPipe(programRequestSchema), programResponseSchema, UpdateProgram) {
  constructor(dispatch: Dispatch) {
    super(dispatch, ({ program }) => ({ message: CATALOG_MESSAGES.programUpdated, program }));
  }
}
