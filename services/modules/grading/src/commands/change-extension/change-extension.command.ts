import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { GrantExtensionRequest } from '@academy/contracts';

export type ExtensionChange = { type: 'grant'; input: GrantExtensionRequest } | { type: 'revoke' };

/** An item's Extensions dialog: grant (or replace) or revoke one student's extension of the due date. */
export class ChangeExtension extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly itemId: string,
    readonly studentId: string,
    readonly change: ExtensionChange,
  ) {
    super();
  }
}
