import { Body, Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, CommandAnswers, DispatchingController, principalOf, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { EXTENSION_MESSAGES, type GrantExtensionRequest, grantExtensionRequestSchema, type ItemExtensionsResponse, itemExtensionsResponseSchema } from '@academy/contracts';
import { ItemExtensions } from '../../queries/item-extensions/item-extensions.query.js';
import { SUBMISSION_SCREENS } from '../submission-screens.js';
import { ChangeExtension, type ExtensionChange } from './change-extension.command.js';

/** The teacher assigned to the item's subject; answers the item's Extensions list once grading and the lessons show the change. */
@Controller('items/:itemId/extensions/:studentId')
@Roles('teacher')
export class ChangeExtensionController extends DispatchingController {
  private change(res: Response, caller: CommandContext, itemId: string, studentId: string, change: ExtensionChange, message: string) {
    return this.dispatch.command(res, new ChangeExtension(caller, itemId, studentId, change), SUBMISSION_SCREENS, async (): Promise<ItemExtensionsResponse> => ({
      message,
      ...(await this.dispatch.query(new ItemExtensions(principalOf(caller), itemId))),
    }));
  }

  /** 200 { message: 'Extension granted', item, students }: grants or replaces the student's extension. */
  @Put()
  @HttpCode(200)
  @CommandAnswers(200, itemExtensionsResponseSchema)
  @RequestExample({ dueAt: '2026-12-04T17:00:00+02:00', reason: 'Medical certificate for the week of the due date.' })
  grant(
    @Param('itemId') itemId: string,
    @Param('studentId') studentId: string,
    @Body(new ZodValidationPipe(grantExtensionRequestSchema)) input: GrantExtensionRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.change(res, caller, itemId, studentId, { type: 'grant', input }, EXTENSION_MESSAGES.granted);
  }

  /** 200 { message: 'Extension revoked', item, students }; 404 when the student has none. */
  @Delete()
  @HttpCode(200)
  @CommandAnswers(200, itemExtensionsResponseSchema)
  revoke(@Param('itemId') itemId: string, @Param('studentId') studentId: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.change(res, caller, itemId, studentId, { type: 'revoke' }, EXTENSION_MESSAGES.revoked);
  }
}
