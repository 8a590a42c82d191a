import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { MyProgress } from './my-progress.query.js';

@QueryHandler(MyProgress)
export class MyProgressHandler implements IQueryHandler<MyProgress> {
  constructor(private readonly reader: GradingReader) {}

  execute({ studentId }: MyProgress) {
    return this.reader.progress(studentId);
  }
}
