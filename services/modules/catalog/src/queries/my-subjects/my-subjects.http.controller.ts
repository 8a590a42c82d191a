import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type Principal, ReadsProjections, Roles } from '@academy/backend';
import type { MySubjectsResponse } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/catalog.projection.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

@ApiTags('catalog')
@Controller('teacher/subjects')
export class MySubjectsController {
  constructor(private readonly catalog: CatalogReader) {}

  /** Teacher My Subjects: only the subjects assigned to the caller (object-level). */
  @Get()
  @Roles('teacher')
  @ReadsProjections(CATALOG_PROJECTION)
  async list(@CurrentUser() principal: Principal): Promise<MySubjectsResponse> {
    return { subjects: await this.catalog.subjectsOf(principal.userId) };
  }
}
