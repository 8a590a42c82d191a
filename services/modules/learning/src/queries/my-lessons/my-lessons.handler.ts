import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LearningReader } from '../../projections/learning/learning.reader.js';
import { MyLessons } from './my-lessons.query.js';

@QueryHandler(MyLessons)
export class MyLessonsHandler implements IQueryHandler<MyLessons> {
  constructor(private readonly learning: LearningReader) {}

  execute({ studentId }: MyLessons) {
    return this.learning.lessons(studentId);
  }
}
