import { CallerCommand } from '@academy/backend';
import type { ChangePasswordRequest } from '@academy/contracts';

/** Settings → change password, for the signed-in user. */
export class ChangePassword extends CallerCommand<ChangePasswordRequest, { position: number }> {}
