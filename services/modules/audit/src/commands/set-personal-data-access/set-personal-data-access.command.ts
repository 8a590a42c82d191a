import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** An admin grants (true) or takes back (false) an auditor's access to personal fields in clear. */
export class SetPersonalDataAccess extends Command<{ auditorId: string; granted: boolean; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly auditorId: string,
    readonly granted: boolean,
  ) {
    super();
  }
}
