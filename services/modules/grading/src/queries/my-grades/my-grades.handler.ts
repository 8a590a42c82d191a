import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { MyGrades } from './my-grades.query.js';

@QueryHandler(MyGrades)
export class MyGradesHandler implements IQueryHandler<MyGrades> {
  constructor(private readonly reader: GradingReader) {}

  execute({ studentId }: MyGrades) {
    return this.reader.myGrades(studentId);
  }
}
