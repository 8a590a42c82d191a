import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, CommandAnswers, DispatchingController, principalOf, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { type CopyRubricTemplateRequest, copyRubricTemplateRequestSchema, type ItemRubricResponse, itemRubricResponseSchema, RUBRIC_MESSAGES } from '@academy/contracts';
import { ItemRubric } from '../../queries/item-rubric/item-rubric.query.js';
import { SUBMISSION_SCREENS } from '../submission-screens.js';
import { CopyRubricTemplate } from './copy-rubric-template.command.js';

@Controller()
@Roles('admin')
export class CopyRubricTemplateController extends DispatchingController {
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
