import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';
import { MySubjects } from './my-subjects.query.js';

@QueryHandler(MySubjects)
export class MySubjectsHandler implements IQueryHandler<MySubjects> {
  constructor(private readonly catalog: CatalogReader) {}

  async execute({ teacherId }: MySubjects) {
    return { subjects: await this.catalog.subjectsOf(teacherId) };
  }
}
