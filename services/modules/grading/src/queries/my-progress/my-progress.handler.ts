import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ProgressResponse } from '@academy/contracts';
import { MyProgress } from './my-progress.query.js';
import { readProgress } from './my-progress.read.js';

@QueryHandler(MyProgress)
export class MyProgressHandler implements IQueryHandler<MyProgress> {
  constructor(private readonly em: EntityManager) {}

  execute({ studentId }: MyProgress): Promise<ProgressResponse> {
    return readProgress(this.em, studentId);
  }
}
