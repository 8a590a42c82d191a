import { UserQuery } from '@academy/backend';
import type { MeResponse } from '@academy/contracts';

/** Who is signed in (the shell, /complete-profile). */
export class GetMe extends UserQuery<MeResponse> {}
