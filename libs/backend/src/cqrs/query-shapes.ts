import { Query } from '@nestjs/cqrs';
import type { Principal } from '../event-sourcing/command-metadata.js';

// The shapes most query slices ask in (ADR 0015), as CallerCommand is for commands: a query names its
// answer and its shape, `export class GetWeek extends PrincipalObjectQuery<WeekResponse> {}`, instead of
// repeating the constructor. A handler that reads a field under its own name renames it where it
// destructures (`execute({ principal, id: weekId }: GetWeek)`).

/** What a signed-in principal asks about the things they may see (their sessions, their posts). */
export abstract class PrincipalQuery<R> extends Query<R> {
  constructor(readonly principal: Principal) {
    super();
  }
}

/** A principal asks for one object by its id; the handler answers not found for one they may not read. */
export abstract class PrincipalObjectQuery<R> extends Query<R> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
  ) {
    super();
  }
}

/** A principal asks for a list narrowed by the request's parsed query string. */
export abstract class PrincipalListQuery<F, R> extends Query<R> {
  constructor(
    readonly principal: Principal,
    readonly filter: F,
  ) {
    super();
  }
}

/** One user's own view (their lessons, grades, dashboard), by the user's id. */
export abstract class UserQuery<R> extends Query<R> {
  constructor(readonly userId: string) {
    super();
  }
}

/** A whole admin list, or with an id only that row as the screen shows it (what a command on it answers). */
export abstract class ListOrOneQuery<R> extends Query<R> {
  constructor(readonly id?: string) {
    super();
  }
}
