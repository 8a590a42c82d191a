import { CallerCommand } from '@academy/backend';
import type { CompleteProfileRequest, SessionUser } from '@academy/contracts';

/** /complete-profile: the signed-in user's profile and their own password. */
export class CompleteProfile extends CallerCommand<CompleteProfileRequest, { user: SessionUser; position: number }> {}
