import { Command } from '@nestjs/cqrs';

/** End the session family of the refresh cookie and of the access token, whichever is present. */
export class SignOut extends Command<{ ended: number }> {
  constructor(
    readonly presented: string | undefined,
    readonly sessionId: string | null,
  ) {
    super();
  }
}
