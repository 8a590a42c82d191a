import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, CommandAnswers, DispatchingController, principalOf, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import {
  type CopyRubricTemplateRequest,
  copyRubricTemplateRequestSchema,
  type CreateRubricTemplateRequest,
  createRubricTemplateRequestSchema,
  type ItemRubricResponse,
  itemRubricResponseSchema,
  RUBRIC_MESSAGES,
  type RubricTemplatesResponse,
  rubricTemplatesResponseSchema,
} from '@academy/contracts';
import { ItemRubric } from '../../queries/item-rubric/item-rubric.query.js';
import { RubricTemplates } from '../../queries/rubric-templates/rubric-templates.query.js';
import { SUBMISSION_SCREENS } from '../submission-screens.js';
import { CopyRubricTemplate, CreateRubricTemplate } from './rubric-template.commands.js';

@Controller()
@Roles('admin')
export class RubricTemplateController extends DispatchingController {
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

  /** 200 { message: 'Rubric copied from the template', item, rubric }; 404 item or template. */
  @Post('items/:itemId/rubric/copy')
  @HttpCode(200)
  @CommandAnswers(200, itemRubricResponseSchema)
  @RequestExample({ templateId: '0193c3a6-6a3c-7c8e-9f11-000000000001' })
  copy(
    @Param('itemId') itemId: string,
    @Body(new ZodValidationPipe(copyRubricTemplateRequestSchema)) input: CopyRubricTemplateRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new CopyRubricTemplate(caller, itemId, input.templateId), SUBMISSION_SCREENS, async (): Promise<ItemRubricResponse> => ({
      message: RUBRIC_MESSAGES.templateCopied,
      ...(await this.dispatch.query(new ItemRubric(principalOf(caller), itemId))),
    }));
  }
}
