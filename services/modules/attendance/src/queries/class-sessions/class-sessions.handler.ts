import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import type { ClassSessionsResponse } from '@academy/contracts';
import { assertMayManage, readSubjectSessions, sessionViews } from '../attendance-view.read.js';
import { ClassSessionsOf } from './class-sessions.query.js';

@QueryHandler(ClassSessionsOf)
export class ClassSessionsHandler extends ReadModelQueryHandler<ClassSessionsOf> {
  async execute({ principal, subjectId, filter }: ClassSessionsOf): Promise<ClassSessionsResponse> {
    await assertMayManage(this.em, principal, subjectId);
    return { sessions: await sessionViews(this.em, await readSubjectSessions(this.em, subjectId, filter.from, filter.to)) };
  }
}
