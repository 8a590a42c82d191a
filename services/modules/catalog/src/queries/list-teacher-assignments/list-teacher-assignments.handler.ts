import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ListTeacherAssignments } from './list-teacher-assignments.query.js';
import { readAssignments } from './list-teacher-assignments.read.js';

@QueryHandler(ListTeacherAssignments)
export class ListTeacherAssignmentsHandler implements IQueryHandler<ListTeacherAssignments> {
  constructor(private readonly em: EntityManager) {}

  async execute({ assignmentId }: ListTeacherAssignments) {
    return { assignments: await readAssignments(this.em, assignmentId) };
  }
}
