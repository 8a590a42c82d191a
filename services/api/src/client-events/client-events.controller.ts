import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import type { Request } from 'express';
import { notFoundReportSchema, type NotFoundReport } from '@academy/contracts';
import { type Principal, Public, ZodValidationPipe, Answers } from '@academy/backend';

/**
 * A URL or path without its query and fragment: searches and links carry names and emails
 * (?q=Thandi, ?email=…), which must never reach a log (the request lines drop the query too).
 */
const withoutQuery = (url: string): string => url.split(/[?#]/, 1)[0];

@Public()
@Controller('client-events')
export class ClientEventsController {
  constructor(@InjectPinoLogger('not-found') private readonly log: PinoLogger) {}

  /** The shell's 404 page reports every visit to an unknown route (spec §2: "the 404 is also logged"). */
  @Post('not-found')
  @HttpCode(204)
  @Answers(204)
  notFound(@Body(new ZodValidationPipe(notFoundReportSchema)) body: NotFoundReport, @Req() req: Request & { principal?: Principal }): void {
    // The user when signed in (the guard attaches a valid token's principal even here), to find who hit
    // dead links: a pseudonymous id, no name or email. The user agent tells a crawler from a person.
    const referrer = withoutQuery(body.referrer);
    this.log.warn({ path: withoutQuery(body.path), referrer: referrer || null, userId: req.principal?.userId ?? null, userAgent: req.get('user-agent') ?? null }, 'page not found');
  }
}
