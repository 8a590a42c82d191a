import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, CommandAnswers, DispatchingController, principalOf, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { type CreateRubricTemplateRequest, createRubricTemplateRequestSchema, RUBRIC_MESSAGES, type RubricTemplatesResponse, rubricTemplatesResponseSchema } from '@academy/contracts';
import { RubricTemplates } from '../../queries/rubric-templates/rubric-templates.query.js';
import { SUBMISSION_SCREENS } from '../submission-screens.js';
import { CreateRubricTemplate } from './create-rubric-template.command.js';

@Controller()
@Roles('admin')
export class CreateRubricTemplateController extends DispatchingController {
  /** 201 { message: 'Rubric template saved', templates }; 400 fields. */
  @Post('rubric-templates')
  @HttpCode(201)
  @CommandAnswers(201, rubricTemplatesResponseSchema)
  @RequestExample({ name: 'Web page basics', rubric: { kind: 'checklist', items: [{ title: 'Semantic markup', description: '', points: 5 }] } })
  create(@Body(new ZodValidationPipe(createRubricTemplateRequestSchema)) input: CreateRubricTemplateRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new CreateRubricTemplate(caller, input), SUBMISSION_SCREENS, async (): Promise<RubricTemplatesResponse> => ({
      message: RUBRIC_MESSAGES.templateSaved,
      ...(await this.dispatch.query(new RubricTemplates(principalOf(caller)))),
    }));
  }
}
