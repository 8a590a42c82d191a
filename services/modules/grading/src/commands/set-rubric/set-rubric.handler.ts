import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { rubricDecider, rubricStream } from '../../domain/rubric.js';
import { readExtensionItem } from '../../queries/extension-item.read.js';
import { isAssigned } from '../../queries/submission-access.read.js';
import { GRADING_READ_MODEL } from '../submission-screens.js';
import { SetRubric } from './set-rubric.command.js';

/** A teacher assigned to the item's subject saves its rubric (issue 30 §2, ADR 0044): version n+1 on `rubric-<itemId>`. */
@CommandHandler(SetRubric)
export class SetRubricHandler extends GatedCommandHandler<SetRubric> {
  async execute({ caller, itemId, input }: SetRubric) {
    const teacherId = principalOf(caller).userId;
    // As the caller has seen it; a refusal is confirmed at the head (an assignment made a moment ago counts).
    const found = await this.gate.check(
      GRADING_READ_MODEL,
      async ({ em }) => {
        const item = await readExtensionItem(em, itemId);
        return item ? { item, assigned: await isAssigned(em, teacherId, item.subjectId) } : null;
      },
      (v) => v !== null && v.assigned,
      caller.seen,
    );
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.itemNotFound);
    if (!found.assigned) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(rubricStream(itemId), rubricDecider);
        unit.decide(stream, rubricDecider, { type: 'SetRubric', itemId, subjectId: found.item.subjectId, teacherId, input });
      },
    });
    return { position };
  }
}
