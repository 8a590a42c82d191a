import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, CurrentUser, type Principal, Roles, ZodValidationPipe } from '@academy/backend';
import {
  type AddTaskRequest,
  addTaskRequestSchema,
  LEARNING_MESSAGES,
  type ReorderTasksRequest,
  reorderTasksRequestSchema,
  type SetCapstoneRequest,
  setCapstoneRequestSchema,
  type UpdateTaskRequest,
  updateTaskRequestSchema,
  type UpdateWeekRequest,
  updateWeekRequestSchema,
  type Week,
  type WeekResponse,
} from '@academy/contracts';
import { LEARNING_READ_MODEL } from '../../projections/learning/learning.reader.js';
import { EditWeekContentHandler } from './edit-week-content.handler.js';

/** Every route: the teacher assigned to the week's subject; answers { message, week } once the read model shows it. */
@ApiTags('learning')
@Controller('weeks/:weekId')
@Roles('teacher')
export class EditWeekContentController {
  constructor(
    private readonly handler: EditWeekContentHandler,
    private readonly responder: CommandResponder,
  ) {}

  private answer(res: Response, message: string, r: { week: Week; position: number }) {
    return this.responder.answer<WeekResponse>(res, LEARNING_READ_MODEL, r.position, { message, week: r.week });
  }

  @Put()
  @HttpCode(200)
  async updateWeek(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(updateWeekRequestSchema)) body: UpdateWeekRequest,
    @CurrentUser() p: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(res, LEARNING_MESSAGES.weekUpdated, await this.handler.updateWeek(p, weekId, body, commandMetadata(req)));
  }

  @Post('tasks')
  @HttpCode(201)
  async addTask(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(addTaskRequestSchema)) body: AddTaskRequest,
    @CurrentUser() p: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(res, LEARNING_MESSAGES.taskAdded, await this.handler.addTask(p, weekId, body, commandMetadata(req)));
  }

  // Declared before tasks/:taskId so 'order' is not taken for a task id.
  @Put('tasks/order')
  @HttpCode(200)
  async reorder(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(reorderTasksRequestSchema)) body: ReorderTasksRequest,
    @CurrentUser() p: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(res, LEARNING_MESSAGES.tasksReordered, await this.handler.reorderTasks(p, weekId, body, commandMetadata(req)));
  }

  @Put('tasks/:taskId')
  @HttpCode(200)
  async updateTask(
    @Param('weekId') weekId: string,
    @Param('taskId') taskId: string,
    @Body(new ZodValidationPipe(updateTaskRequestSchema)) body: UpdateTaskRequest,
    @CurrentUser() p: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(res, LEARNING_MESSAGES.taskUpdated, await this.handler.updateTask(p, weekId, taskId, body, commandMetadata(req)));
  }

  @Delete('tasks/:taskId')
  @HttpCode(200)
  async removeTask(@Param('weekId') weekId: string, @Param('taskId') taskId: string, @CurrentUser() p: Principal, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.answer(res, LEARNING_MESSAGES.taskRemoved, await this.handler.removeTask(p, weekId, taskId, commandMetadata(req)));
  }

  @Put('capstone')
  @HttpCode(200)
  async setCapstone(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(setCapstoneRequestSchema)) body: SetCapstoneRequest,
    @CurrentUser() p: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(res, LEARNING_MESSAGES.capstoneSaved, await this.handler.setCapstone(p, weekId, body, commandMetadata(req)));
  }

  @Delete('capstone')
  @HttpCode(200)
  async removeCapstone(@Param('weekId') weekId: string, @CurrentUser() p: Principal, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.answer(res, LEARNING_MESSAGES.capstoneRemoved, await this.handler.removeCapstone(p, weekId, commandMetadata(req)));
  }
}
