import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { DomainError, fold, runCommand } from '@academy/event-store';
import { GRADING_MESSAGES, RUBRIC_MESSAGES } from '@academy/contracts';
import { rubricDecider, rubricStream } from '../../domain/rubric.js';
import { rubricTemplateDecider, rubricTemplateStream } from '../../domain/rubric-template.js';
import { readExtensionItem } from '../../queries/extension-item.read.js';
import { GRADING_READ_MODEL } from '../submission-screens.js';
import { CopyRubricTemplate } from './copy-rubric-template.command.js';

/** An admin copies a template into an item: the item's next rubric version, its own from then on. */
@CommandHandler(CopyRubricTemplate)
export class CopyRubricTemplateHandler extends GatedCommandHandler<CopyRubricTemplate> {
  async execute({ caller, itemId, templateId }: CopyRubricTemplate) {
    const item = await this.gate.check(GRADING_READ_MODEL, ({ em }) => readExtensionItem(em, itemId), (v) => v !== null, caller.seen);
    if (!item) throw new DomainError('not_found', GRADING_MESSAGES.itemNotFound);
    // The template from its stream (created once, never changed): no read model lag.
    const template = fold(rubricTemplateDecider, await this.store.readStream(rubricTemplateStream(templateId)));
    if (!template) throw new DomainError('not_found', RUBRIC_MESSAGES.templateNotFound, { templateId: [RUBRIC_MESSAGES.templateNotFound] });
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(rubricStream(itemId), rubricDecider);
        unit.decide(stream, rubricDecider, { type: 'SetRubric', itemId, subjectId: item.subjectId, teacherId: principalOf(caller).userId, input: { kind: template.kind, criteria: template.criteria, stored: true } });
      },
    });
    return { position };
  }
}
