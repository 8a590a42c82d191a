import { Controller } from '@nestjs/common';
import { Dispatch, ZodValidationPipe } from '@academy/backend';
import { CATALOG_MESSAGES, subjectRequestSchema, subjectResponseSchema } from '@academy/contracts';
import { UpdateCatalogueRowController } from '../catalogue-row.http.controller.js';
import { UpdateSubject } from './update-subject.command.js';

/** Admin Subjects, edit: 200 { message, subject }; 404 subjectNotFound; 400 fields. */
@Controller('subjects')
export class UpdateSubjectController extends UpdateCatalogueRowController(new ZodValidationPipe(subjectRequestSchema), subjectResponseSchema, UpdateSubject) {
  constructor(dispatch: Dispatch) {
    super(dispatch, ({ subject }) => ({ message: CATALOG_MESSAGES.subjectUpdated, subject }));
  }
}
