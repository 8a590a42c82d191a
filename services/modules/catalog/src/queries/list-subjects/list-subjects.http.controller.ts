import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles, ZodValidationPipe } from '@academy/backend';
import { type SubjectsResponse, subjectsQuerySchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/catalog.projection.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

@ApiTags('catalog')
@Controller('subjects')
export class ListSubjectsController {
  constructor(private readonly catalog: CatalogReader) {}

  /** Admin Subjects (and the Enroll dialog's cohort list with ?programId=): by program name, then name. */
  @Get()
  @Roles('admin')
  @ReadsProjections(CATALOG_PROJECTION)
  async list(@Query(new ZodValidationPipe(subjectsQuerySchema)) query: ReturnType<typeof subjectsQuerySchema.parse>): Promise<SubjectsResponse> {
    return { subjects: await this.catalog.subjects(query.programId) };
  }
}
