import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, CommandAnswers, DispatchingController, principalOf, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { type ItemRubricResponse, itemRubricResponseSchema, RUBRIC_MESSAGES, type SetRubricRequest, setRubricRequestSchema } from '@academy/contracts';
import { ItemRubric } from '../../queries/item-rubric/item-rubric.query.js';
import { SUBMISSION_SCREENS } from '../submission-screens.js';
import { SetRubric } from './set-rubric.command.js';

@Controller('items/:itemId/rubric')
@Roles('teacher')
export class SetRubricController extends DispatchingController {
  /** 200 { message: 'Rubric saved', item, rubric }; 400 fields; 403 not assigned; 404 unknown item. */
  @Put()
  @HttpCode(200)
  @CommandAnswers(200, itemRubricResponseSchema)
  @RequestExample({ kind: 'checklist', items: [{ title: 'Semantic markup', description: '', points: 5 }] })
  save(
    @Param('itemId') itemId: string,
    @Body(new ZodValidationPipe(setRubricRequestSchema)) input: SetRubricRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new SetRubric(caller, itemId, input), SUBMISSION_SCREENS, async (): Promise<ItemRubricResponse> => ({
      message: RUBRIC_MESSAGES.saved,
      ...(await this.dispatch.query(new ItemRubric(principalOf(caller), itemId))),
    }));
  }
}
