// The admin's edit and delete of a programme or a subject, by id: one route shape for both, each
// slice's controller (its own class, so its own operation in /api/docs) naming its command and answer.
import { Body, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Command } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { ZodType } from 'zod';
import { Caller, type CommandContext, CommandAnswers, Dispatch, type Handled, Roles, type ZodValidationPipe } from '@academy/backend';
import { messageResponseSchema } from '@academy/contracts';
import { CATALOG_PROJECTION } from '../projections/catalog/names.js';

/** DELETE <programs|subjects>/:id (admin), sent as `new command(caller, id)` → 200 { message } once the catalog projection shows it. */
export abstract class DeleteCatalogueRowController {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly command: new (caller: CommandContext, id: string) => Command<Handled>,
    private readonly message: string,
  ) {}

  @Delete(':id')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, messageResponseSchema)
  delete(@Param('id') id: string, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new this.command(caller, id), [CATALOG_PROJECTION], () => ({ message: this.message }));
  }
}

/**
 * PUT <programs|subjects>/:id (admin) with the whole new state, parsed by `body` and sent as
 * `new command(caller, id, input)` → 200 `response` once the catalog projection shows it.
 */
export function UpdateCatalogueRowController<Input, Result extends Handled, Answer>(
  body: ZodValidationPipe<Input>,
  response: ZodType<Answer>,
  command: new (caller: CommandContext, id: string, input: Input) => Command<Result>,
) {
  abstract class UpdateCatalogueRow {
    constructor(
      private readonly dispatch: Dispatch,
      private readonly answer: (result: Result) => Answer,
    ) {}

    @Put(':id')
    @Roles('admin')
    @HttpCode(200)
    @CommandAnswers(200, response)
    update(
      @Param('id') id: string,
      @Body(body) input: Input,
      @Caller() caller: CommandContext,
      @Res({ passthrough: true }) res: Response,
    ) {
      return this.dispatch.command(res, new command(caller, id, input), [CATALOG_PROJECTION], this.answer);
    }
  }
  return UpdateCatalogueRow;
}
