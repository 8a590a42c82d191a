import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';
import { ListTeacherAssignments } from './list-teacher-assignments.query.js';

@QueryHandler(ListTeacherAssignments)
export class ListTeacherAssignmentsHandler implements IQueryHandler<ListTeacherAssignments> {
  constructor(private readonly catalog: CatalogReader) {}

  async execute() {
    return { assignments: await this.catalog.assignments() };
  }
}
