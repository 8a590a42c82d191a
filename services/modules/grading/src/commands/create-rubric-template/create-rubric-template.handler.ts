import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { runCommand } from '@academy/event-store';
import { rubricTemplateDecider, rubricTemplateStream } from '../../domain/rubric-template.js';
import { CreateRubricTemplate } from './create-rubric-template.command.js';

/** An admin keeps a template on its own stream (issue 30 §2, ADR 0044). */
@CommandHandler(CreateRubricTemplate)
export class CreateRubricTemplateHandler extends GatedCommandHandler<CreateRubricTemplate> {
  async execute({ caller, input }: CreateRubricTemplate) {
    const templateId = randomUUID();
    const adminId = principalOf(caller).userId;
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => unit.decide(await unit.load(rubricTemplateStream(templateId), rubricTemplateDecider), rubricTemplateDecider, { type: 'CreateRubricTemplate', templateId, adminId, input }),
    });
    return { position };
  }
}
