// What every week command goes through: the caller must be a teacher assigned to the week's subject
// (learned from the catalog's events, so only a read model knows it), then the command is decided on
// the week's stream in ONE append.
// The checks go through ReadModelGate (ADR 0015): they wait for what the caller has seen, not for
// the log's head, and a refusal is confirmed at the head (an assignment made a moment ago counts).
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type CommandContext, EVENT_STORE, principalOf, ReadModelGate, type ReadSide } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { LEARNING_MESSAGES } from '@academy/contracts';
import { type WeekCommand, weekDecider, weekStream } from '../domain/week.js';
import { LEARNING_READ_MODEL } from '../projections/learning/learning.projection.js';
import { readSubjectOfWeek, readTeacherAccess, type TeacherAccess as Access } from './week-gate.read.js';
import type { WeekWritten } from './week-written.js';

const admitted = (a: Access | null) => a !== null && a.subjectExists && a.assigned;

/**
 * How a week command is answered when the stream moved under it: never retried (Retry.never), the
 * teacher decided on the week they saw, so a stale `expectedVersion` (If-Match) or a write between
 * read and append is `conflict()`.
 */
interface WeekWrite {
  expectedVersion?: number;
  conflict: () => Error;
}

@Injectable()
export class WeekGate {
  constructor(
    private readonly gate: ReadModelGate,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Create Week: 404 for an unknown subject, 403 unless the caller is assigned to it; then `command` on the new week's stream. */
  async create(caller: CommandContext, subjectId: string, weekId: string, command: WeekCommand, write: WeekWrite): Promise<WeekWritten> {
    const access = await this.gate.check(LEARNING_READ_MODEL, ({ em }) => this.access(em, caller, subjectId), admitted, caller.seen);
    refuse(access);
    return this.decide(caller, weekId, command, write);
  }

  /** Any other week command: 404 for an unknown week (or its subject), 403 unless the caller is assigned to its subject; then `command` on its stream. */
  async change(caller: CommandContext, weekId: string, command: WeekCommand, write: WeekWrite): Promise<WeekWritten> {
    const read = async ({ em }: ReadSide) => {
      const subjectId = await readSubjectOfWeek(em, weekId);
      return subjectId === null ? null : this.access(em, caller, subjectId);
    };
    const access = await this.gate.check(LEARNING_READ_MODEL, read, admitted, caller.seen);
    if (access === null) throw new DomainError('not_found', LEARNING_MESSAGES.weekNotFound);
    refuse(access);
    return this.decide(caller, weekId, command, write);
  }

  private async decide(caller: CommandContext, weekId: string, command: WeekCommand, { expectedVersion, conflict }: WeekWrite): Promise<WeekWritten> {
    const { position } = await runCommand(this.store, caller.metadata, {
      conflict,
      execute: async (unit) => {
        unit.decide(await unit.load(weekStream(weekId), weekDecider, { expectedVersion }), weekDecider, command);
      },
    });
    return { weekId, position };
  }

  private access(em: EntityManager, caller: CommandContext, subjectId: string): Promise<Access> {
    return readTeacherAccess(em, principalOf(caller).userId, subjectId);
  }
}

function refuse(access: Access): void {
  if (!access.subjectExists) throw new DomainError('not_found', LEARNING_MESSAGES.subjectNotFound, { subjectId: [LEARNING_MESSAGES.subjectNotFound] });
  if (!access.assigned) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
}
