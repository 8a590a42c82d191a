import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { EXTENSION_MESSAGES, GRADING_MESSAGES } from '@academy/contracts';
import { type ExtensionCommand, extensionDecider, extensionStream } from '../../domain/extension.js';
import { readExtensionTarget } from '../../queries/extension-item.read.js';
import { GRADING_READ_MODEL } from '../submission-screens.js';
import { ChangeExtension } from './change-extension.command.js';

/**
 * A teacher assigned to the item's subject grants, replaces or revokes one student's extension (issue 30
 * §4), on the (student, item) extension stream; the decider judges the dates.
 */
@CommandHandler(ChangeExtension)
export class ChangeExtensionHandler extends GatedCommandHandler<ChangeExtension> {
  async execute({ caller, itemId, studentId, change }: ChangeExtension) {
    const teacherId = principalOf(caller).userId;
    // As the caller has seen it; a refusal is confirmed at the head (an assignment or enrollment made a moment ago counts).
    const found = await this.gate.check(GRADING_READ_MODEL, ({ em }) => readExtensionTarget(em, itemId, teacherId, studentId), (v) => v !== null && v.assigned && v.enrolled, caller.seen);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.itemNotFound);
    if (!found.assigned) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    if (!found.enrolled) throw new DomainError('not_found', EXTENSION_MESSAGES.notEnrolled);
    const command: ExtensionCommand =
      change.type === 'grant'
        ? { type: 'GrantExtension', studentId, teacherId, item: found.item, dueAt: change.input.dueAt, reason: change.input.reason }
        : { type: 'RevokeExtension', studentId, teacherId, item: found.item };
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(extensionStream(studentId, itemId), extensionDecider);
        unit.decide(stream, extensionDecider, command);
      },
    });
    return { position };
  }
}
