import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, PipelineCommandHandler } from '@academy/backend';
import { DomainError, Retry, runCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { assignmentDecider, assignmentStream, pairDecider, pairStream } from '../../domain/teacher-assignment.js';
import { UnassignTeacher } from './unassign-teacher.command.js';

/**
 * Admin Teacher Assignments, remove: the assignment's end and the pair's release (when it still holds
 * it) in one append. Decided again on a conflict: removing an assignment depends on nothing the admin
 * saw but its id, and the new state answers a concurrent removal with 404.
 */
@CommandHandler(UnassignTeacher)
export class UnassignTeacherHandler extends PipelineCommandHandler<UnassignTeacher> {
  async execute({ caller, assignmentId }: UnassignTeacher) {
    if (!isUuid(assignmentId)) throw new DomainError('not_found', CATALOG_MESSAGES.assignmentNotFound);
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: Retry.onConflict(3),
      execute: async (unit) => {
        const assignment = await unit.load(assignmentStream(assignmentId), assignmentDecider);
        unit.decide(assignment, assignmentDecider, { type: 'UnassignTeacher' });
        const pair = await unit.load(pairStream(assignment.state.teacherId!, assignment.state.subjectId!), pairDecider);
        unit.decide(pair, pairDecider, { type: 'ReleasePair', assignmentId });
      },
    });
    return { position };
  }
}
