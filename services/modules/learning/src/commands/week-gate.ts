// What every week command checks on the learning read model before it writes: the caller must be a
// teacher assigned to the week's subject (learned from the catalog's events, so only a read model
// knows it).
// The checks go through ReadModelGate (ADR 0015): they wait for what the caller has seen, not for
// the log's head, and a refusal is confirmed at the head (an assignment made a moment ago counts).
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type CommandContext, principalOf, ReadModelGate } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { LEARNING_MESSAGES } from '@academy/contracts';
import { LEARNING_READ_MODEL } from '../projections/learning/learning.projection.js';
import { readSubjectOfWeek, readTeacherAccess, type TeacherAccess as Access } from './week-gate.read.js';

const admitted = (a: Access | null) => a !== null && a.subjectExists && a.assigned;

@Injectable()
export class WeekGate {
  constructor(
    private readonly gate: ReadModelGate,
    private readonly em: EntityManager,
  ) {}

  /** 404 for an unknown subject; 403 unless the caller is assigned to it. */
  async teacherOfSubject(caller: CommandContext, subjectId: string): Promise<void> {
    const access = await this.gate.check(LEARNING_READ_MODEL, () => this.access(caller, subjectId), admitted, caller.seen);
    refuse(access);
  }

  /** 404 for an unknown week (or its subject); 403 unless the caller is assigned to its subject. */
  async teacherOfWeek(caller: CommandContext, weekId: string): Promise<void> {
    const read = async () => {
      const subjectId = await readSubjectOfWeek(this.em, weekId);
      return subjectId === null ? null : this.access(caller, subjectId);
    };
    const access = await this.gate.check(LEARNING_READ_MODEL, read, admitted, caller.seen);
    if (access === null) throw new DomainError('not_found', LEARNING_MESSAGES.weekNotFound);
    refuse(access);
  }

  private access(caller: CommandContext, subjectId: string): Promise<Access> {
    return readTeacherAccess(this.em, principalOf(caller).userId, subjectId);
  }
}

function refuse(access: Access): void {
  if (!access.subjectExists) throw new DomainError('not_found', LEARNING_MESSAGES.subjectNotFound, { subjectId: [LEARNING_MESSAGES.subjectNotFound] });
  if (!access.assigned) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
}
