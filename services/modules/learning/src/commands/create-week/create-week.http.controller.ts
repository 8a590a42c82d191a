import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, principalOf, Roles, ZodValidationPipe, CommandAnswers, RequestExample } from '@academy/backend';
import { type CreateWeekRequest, createWeekRequestSchema, LEARNING_MESSAGES, type WeekResponse, weekResponseSchema } from '@academy/contracts';
import { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';
import { GetWeek } from '../../queries/get-week/get-week.query.js';
import type { WeekWritten } from '../week-written.js';
import { CreateWeek } from './create-week.command.js';

@Controller('weeks')
export class CreateWeekController extends DispatchingController {
  /** The week as the screen shows it, read once the learning projection shows the write. */
  private async answer(caller: CommandContext, { weekId }: WeekWritten, message: string): Promise<WeekResponse> {
    const { week } = await this.dispatch.query(new GetWeek(principalOf(caller), weekId));
    return { message, week };
  }

  /** 201 { message: 'Week created successfully', week } (draft); 403 not assigned; 409 the week exists. */
  @Post()
  @Roles('teacher')
  @HttpCode(201)
  @CommandAnswers(201, weekResponseSchema)
  @RequestExample({ subjectId: '3f2c9b1e-8a4d-4e6f-b1c2-d3e4f5a6b7c8', weekNumber: 1, title: 'Semantic HTML', objectives: 'Structure a page with landmarks and headings.' })
  create(@Body(new ZodValidationPipe(createWeekRequestSchema)) body: CreateWeekRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new CreateWeek(caller, body), [LEARNING_PROJECTION], (r) => this.answer(caller, r, LEARNING_MESSAGES.weekCreated));
  }
}
