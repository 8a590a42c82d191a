import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';
import { ListSubjects } from './list-subjects.query.js';

@QueryHandler(ListSubjects)
export class ListSubjectsHandler implements IQueryHandler<ListSubjects> {
  constructor(private readonly catalog: CatalogReader) {}

  async execute({ programId }: ListSubjects) {
    return { subjects: await this.catalog.subjects(programId) };
  }
}
