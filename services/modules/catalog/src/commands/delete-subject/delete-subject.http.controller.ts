import { Controller } from '@nestjs/common';
import { Dispatch } from '@academy/backend';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { DeleteCatalogueRowController } from '../catalogue-row.http.controller.js';
import { DeleteSubject } from './delete-subject.command.js';

/** Admin Subjects, delete: 200 { message }; 404 subjectNotFound; 409 subjectInUse. */
@Controller('subjects')
export class DeleteSubjectController extends DeleteCatalogueRowController {
  constructor(dispatch: Dispatch) {
    super(dispatch, DeleteSubject, CATALOG_MESSAGES.subjectDeleted);
  }
}
