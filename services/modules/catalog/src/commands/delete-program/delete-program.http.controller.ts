import { Controller } from '@nestjs/common';
import { Dispatch } from '@academy/backend';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { DeleteCatalogueRowController } from '../catalogue-row.http.controller.js';
import { DeleteProgram } from './delete-program.command.js';

/** Admin Programs, delete: 200 { message }; 404 programNotFound; 409 programInUse. */
@Controller('programs')
export class DeleteProgramController extends DeleteCatalogueRowController {
  constructor(dispatch: Dispatch) {
    super(dispatch, DeleteProgram, CATALOG_MESSAGES.programDeleted);
  }
}
