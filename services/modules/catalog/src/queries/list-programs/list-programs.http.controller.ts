import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles } from '@academy/backend';
import type { ProgramsResponse } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../../projections/catalog/catalog.projection.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

@ApiTags('catalog')
@Controller('programs')
export class ListProgramsController {
  constructor(private readonly catalog: CatalogReader) {}

  /** Admin Programs: every program by name, with its subject and enrollment counts. */
  @Get()
  @Roles('admin')
  @ReadsProjections(CATALOG_PROJECTION)
  async list(): Promise<ProgramsResponse> {
    return { programs: await this.catalog.programs() };
  }
}
