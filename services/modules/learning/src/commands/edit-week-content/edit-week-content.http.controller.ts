import { Body, Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, principalOf, Roles, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { type AddTaskRequest, addTaskRequestSchema, LEARNING_MESSAGES, type ReorderTasksRequest, reorderTasksRequestSchema, type SetCapstoneRequest, setCapstoneRequestSchema, type UpdateTaskRequest, updateTaskRequestSchema, type UpdateWeekRequest, updateWeekRequestSchema, type WeekResponse, weekResponseSchema } from '@academy/contracts';
import { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';
import { GetWeek } from '../../queries/get-week/get-week.query.js';
import { EditWeekContent, type WeekEdit } from './edit-week-content.command.js';

/** Every route: the teacher assigned to the week's subject; answers { message, week } once the read model shows it. */
@Controller('weeks/:weekId')
@Roles('teacher')
export class EditWeekContentController extends DispatchingController {
  /** Answers the week as the screen shows it, read once the learning projection shows the edit. */
  private edit(res: Response, caller: CommandContext, weekId: string, edit: WeekEdit, message: string) {
    return this.dispatch.command(res, new EditWeekContent(caller, weekId, edit), [LEARNING_PROJECTION], async (): Promise<WeekResponse> => {
      const { week } = await this.dispatch.query(new GetWeek(principalOf(caller), weekId));
      return { message, week };
    });
  }

  @Put()
  @HttpCode(200)
  @CommandAnswers(200, weekResponseSchema)
  updateWeek(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(updateWeekRequestSchema)) input: UpdateWeekRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.edit(res, caller, weekId, { type: 'UpdateWeek', input }, LEARNING_MESSAGES.weekUpdated);
  }

  @Post('tasks')
  @HttpCode(201)
  @CommandAnswers(201, weekResponseSchema)
  addTask(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(addTaskRequestSchema)) input: AddTaskRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.edit(res, caller, weekId, { type: 'AddTask', input }, LEARNING_MESSAGES.taskAdded);
  }

  // Declared before tasks/:taskId so 'order' is not taken for a task id.
  @Put('tasks/order')
  @HttpCode(200)
  @CommandAnswers(200, weekResponseSchema)
  reorder(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(reorderTasksRequestSchema)) input: ReorderTasksRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.edit(res, caller, weekId, { type: 'ReorderTasks', input }, LEARNING_MESSAGES.tasksReordered);
  }

  @Put('tasks/:taskId')
  @HttpCode(200)
  @CommandAnswers(200, weekResponseSchema)
  updateTask(
    @Param('weekId') weekId: string,
    @Param('taskId') taskId: string,
    @Body(new ZodValidationPipe(updateTaskRequestSchema)) input: UpdateTaskRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.edit(res, caller, weekId, { type: 'UpdateTask', taskId, input }, LEARNING_MESSAGES.taskUpdated);
  }

  @Delete('tasks/:taskId')
  @HttpCode(200)
  @CommandAnswers(200, weekResponseSchema)
  removeTask(@Param('weekId') weekId: string, @Param('taskId') taskId: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.edit(res, caller, weekId, { type: 'RemoveTask', taskId }, LEARNING_MESSAGES.taskRemoved);
  }

  @Put('capstone')
  @HttpCode(200)
  @CommandAnswers(200, weekResponseSchema)
  setCapstone(
    @Param('weekId') weekId: string,
    @Body(new ZodValidationPipe(setCapstoneRequestSchema)) input: SetCapstoneRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.edit(res, caller, weekId, { type: 'SetCapstone', input }, LEARNING_MESSAGES.capstoneSaved);
  }

  @Delete('capstone')
  @HttpCode(200)
  @CommandAnswers(200, weekResponseSchema)
  removeCapstone(@Param('weekId') weekId: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.edit(res, caller, weekId, { type: 'RemoveCapstone' }, LEARNING_MESSAGES.capstoneRemoved);
  }
}
