import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { GatedCommandHandler } from '@academy/backend';
import { DomainError, Retry, runCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { assignmentDecider, assignmentStream, pairDecider, pairStream } from '../../domain/teacher-assignment.js';
import { CATALOG_READ_MODEL } from '../../projections/catalog/names.js';
import { ListTeacherAssignments } from '../../queries/list-teacher-assignments/list-teacher-assignments.query.js';
import { isLiveTeacher, subjectExists } from './assignable.read.js';
import { AssignTeacher } from './assign-teacher.command.js';

/**
 * Admin Teacher Assignments, assign: a live teacher, an existing subject, once per (teacher, subject).
 * The assignment's first event and the pair's claim are one append guarded by both streams' versions.
 * A claim is judged again on a conflict (Retry.onConflict): whether the pair is free does not depend
 * on anything the admin saw, so the loser of a race is told "already assigned", not "reload".
 */
@CommandHandler(AssignTeacher)
export class AssignTeacherHandler extends GatedCommandHandler<AssignTeacher> {
  async execute({ caller, input }: AssignTeacher) {
    const assignmentId = randomUUID();
    const { teacherId, subjectId } = input;
    const facts = await this.gate.check(
      CATALOG_READ_MODEL,
      async ({ em }) => ({ teacherIsLive: await isLiveTeacher(em, teacherId), subjectExists: await subjectExists(em, subjectId) }),
      (f) => f.teacherIsLive && f.subjectExists,
      caller.seen,
    );
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: Retry.onConflict(8),
      execute: async (unit) => {
        const pair = await unit.load(pairStream(teacherId, subjectId), pairDecider);
        const assignment = await unit.load(assignmentStream(assignmentId), assignmentDecider);
        const holder = pair.state.holder;
        const pairTaken = holder !== null && (await this.isShown(holder, pair.position, caller.seen));
        unit.decide(assignment, assignmentDecider, { type: 'AssignTeacher', assignmentId, teacherId, subjectId, ...facts, pairTaken });
        unit.decide(pair, pairDecider, { type: 'ClaimPair', assignmentId });
      },
    });
    // The answer is the Teacher Assignments screen's own query, as the caller will see it next.
    const [assignment] = (await this.gate.shown(CATALOG_READ_MODEL, position, new ListTeacherAssignments(assignmentId))).assignments;
    if (!assignment) throw new DomainError('not_found', CATALOG_MESSAGES.assignmentNotFound);
    return { assignment, position };
  }

  /**
   * Does the read model still show the pair's holder? It has seen the holder's assignment once it
   * reached `claimedAt` (its TeacherAssigned is in the claim's append). A holder it no longer shows lost
   * its teacher (deleted, or no longer a teacher: identity's events, not ours), so the pair is free.
   */
  private isShown(holder: string, claimedAt: number, seen?: number): Promise<boolean> {
    return this.gate.check(
      CATALOG_READ_MODEL,
      async ({ queries }) => (await queries.execute(new ListTeacherAssignments(holder))).assignments.length > 0,
      (shown) => !shown,
      Math.max(claimedAt, seen ?? 0),
    );
  }
}
