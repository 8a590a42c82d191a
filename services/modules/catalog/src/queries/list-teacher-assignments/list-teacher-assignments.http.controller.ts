import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles } from '@academy/backend';
import type { TeacherAssignmentsResponse } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/catalog.projection.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

@ApiTags('catalog')
@Controller('teacher-assignments')
export class ListTeacherAssignmentsController {
  constructor(private readonly catalog: CatalogReader) {}

  /** Admin Teacher Assignments: newest first. */
  @Get()
  @Roles('admin')
  @ReadsProjections(CATALOG_PROJECTION)
  async list(): Promise<TeacherAssignmentsResponse> {
    return { assignments: await this.catalog.assignments() };
  }
}
