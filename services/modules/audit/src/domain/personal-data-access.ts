// Whether an auditor may see personal fields in clear (issue 16): a grant is a recorded fact on the
// stream `audit-access-<auditorId>`, given and taken back by an admin. The grantee must be an auditor
// now: the handler folds identity's published UserRegistered / RoleAssigned / UserDeleted events of
// that user into `granteeRole` (null: no such live user).
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import { AUDIT_MESSAGES } from '@academy/contracts';
import { AUDIT_EVENTS } from './audit-events.js';

export type AccessCommand =
  | { type: 'GrantPersonalDataAccess'; auditorId: string; granteeRole: string | null; byUserId: string }
  | { type: 'RevokePersonalDataAccess'; auditorId: string; byUserId: string };

export type AccessEvent =
  | { type: typeof AUDIT_EVENTS.PersonalDataAccessGranted; data: { auditorId: string; byUserId: string } }
  | { type: typeof AUDIT_EVENTS.PersonalDataAccessRevoked; data: { auditorId: string; byUserId: string } };

export interface AccessState {
  granted: boolean;
}

export const accessStream = (auditorId: string) => `audit-access-${auditorId}`;

export const accessDecider: Decider<AccessCommand, AccessEvent, AccessState> = {
  initialState: () => ({ granted: false }),
  evolve(state, event: LoadedEventOf<AccessEvent>) {
    switch (event.type) {
      case AUDIT_EVENTS.PersonalDataAccessGranted:
        return { granted: true };
      case AUDIT_EVENTS.PersonalDataAccessRevoked:
        return { granted: false };
    }
  },
  decide(command, state) {
    if (command.type === 'GrantPersonalDataAccess') {
      if (command.granteeRole !== 'auditor') throw new DomainError('not_found', AUDIT_MESSAGES.auditorNotFound);
      // Granted already: nothing new happened, nothing is recorded twice.
      if (state.granted) return [];
      return [{ type: AUDIT_EVENTS.PersonalDataAccessGranted, data: { auditorId: command.auditorId, byUserId: command.byUserId } }];
    }
    if (!state.granted) return [];
    return [{ type: AUDIT_EVENTS.PersonalDataAccessRevoked, data: { auditorId: command.auditorId, byUserId: command.byUserId } }];
  },
};
