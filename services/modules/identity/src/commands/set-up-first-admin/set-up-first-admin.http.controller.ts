import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Public, ReadsProjections } from '@academy/backend';
import type { SetupResponse, SetupStatus } from '@academy/contracts';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { SetUpFirstAdminHandler } from './set-up-first-admin.handler.js';

/** /setup: public by nature (there is nobody to sign in yet) and refused once an administrator exists. */
@ApiTags('identity')
@Controller('setup')
export class SetUpFirstAdminController {
  constructor(
    private readonly handler: SetUpFirstAdminHandler,
    private readonly responder: CommandResponder,
  ) {}

  @Get()
  @Public()
  @ReadsProjections('identity_users')
  async status(): Promise<SetupStatus> {
    return { done: await this.handler.isDone() };
  }

  @Post()
  @Public()
  @HttpCode(201)
  async setUp(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    // The one-time password is shown once: no cache may keep it.
    res.setHeader('Cache-Control', 'no-store');
    const { position, ...credentials } = await this.handler.execute(commandMetadata(req));
    return this.responder.answer<SetupResponse>(res, USERS_READ_MODEL, position, credentials);
  }
}
