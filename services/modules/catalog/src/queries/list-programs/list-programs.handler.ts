import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';
import { ListPrograms } from './list-programs.query.js';

@QueryHandler(ListPrograms)
export class ListProgramsHandler implements IQueryHandler<ListPrograms> {
  constructor(private readonly catalog: CatalogReader) {}

  async execute() {
    return { programs: await this.catalog.programs() };
  }
}
