// Queries one context asks another in-process, on Nest's QueryBus: the class is here so that
// neither context imports the other (ARCHITECTURE.md §2).

/**
 * Asked by admissions' convert before it requests anything (QueryBus, handled by identity): whether
 * the address already has a live account, so the common refusal writes nothing. The reactor checks
 * again when it creates the account (an account made in between is refused there, and compensated).
 */
export class AddressHasAccount {
  constructor(readonly email: string) {}
}
