import { Query } from '@nestjs/cqrs';
import type { MeResponse } from '@academy/contracts';

/** Who is signed in (the shell, /complete-profile). */
export class GetMe extends Query<MeResponse> {
  constructor(readonly userId: string) {
    super();
  }
}
