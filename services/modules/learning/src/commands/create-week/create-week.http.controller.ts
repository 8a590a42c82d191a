import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles, ZodValidationPipe } from '@academy/backend';
import { type CreateWeekRequest, createWeekRequestSchema, LEARNING_MESSAGES, type WeekResponse } from '@academy/contracts';
import { LEARNING_READ_MODEL } from '../../projections/learning/learning.reader.js';
import { CreateWeekHandler } from './create-week.handler.js';

@ApiTags('learning')
@Controller('weeks')
export class CreateWeekController {
  constructor(
    private readonly handler: CreateWeekHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 201 { message: 'Week created successfully', week } (draft); 403 not assigned; 409 the week exists. */
  @Post()
  @Roles('teacher')
  @HttpCode(201)
  async create(
    @Body(new ZodValidationPipe(createWeekRequestSchema)) body: CreateWeekRequest,
    @CurrentUser() principal: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { week, position } = await this.handler.execute(principal, body, commandMetadata(req));
    return this.responder.answer<WeekResponse>(res, LEARNING_READ_MODEL, position, { message: LEARNING_MESSAGES.weekCreated, week });
  }
}
