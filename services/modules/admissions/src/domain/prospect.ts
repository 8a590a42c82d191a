// The prospect aggregate (stream `prospect-<id>`): one application or quick-contact message and its
// admissions pipeline pending → contacted → converted | declined, and its erasure (right to erasure:
// from any status, once; an erased prospect refuses every further step). Plain TS: no Nest, no I/O.
// The person's data (names, email, phone, message) travels in the encrypted `personal` part under the
// data subject `prospect-<id>` (ADR 0003); the course chosen is not personal and stays readable.
import { DomainError, type Decider, type LoadedEvent } from '@academy/event-store';
import {
  ADMISSIONS_EVENTS,
  ADMISSIONS_MESSAGES,
  type ApplicantConvertedData,
  type ApplicantErasedData,
  type ApplicantStatusChangedData,
  type ApplicationSubmittedData,
  type ApplicationSubmittedPersonal,
  type CourseOption,
  type ErasureReason,
  type ProspectKind,
  type ProspectStatus,
  prospectSubject,
  type QuickContactReceivedData,
  type QuickContactReceivedPersonal,
} from '@academy/contracts';

type Personal = { subjectId: string; data: Record<string, unknown> };

export type ProspectEvent =
  | { type: typeof ADMISSIONS_EVENTS.ApplicationSubmitted; data: ApplicationSubmittedData; personal?: Personal }
  | { type: typeof ADMISSIONS_EVENTS.QuickContactReceived; data: QuickContactReceivedData; personal?: Personal }
  | { type: typeof ADMISSIONS_EVENTS.ApplicantContacted; data: ApplicantStatusChangedData; personal?: undefined }
  | { type: typeof ADMISSIONS_EVENTS.ApplicantDeclined; data: ApplicantStatusChangedData; personal?: undefined }
  | { type: typeof ADMISSIONS_EVENTS.ApplicantConverted; data: ApplicantConvertedData; personal?: undefined }
  | { type: typeof ADMISSIONS_EVENTS.ApplicantErased; data: ApplicantErasedData; personal?: undefined };

export interface ProspectState {
  exists: boolean;
  prospectId: string | null;
  kind: ProspectKind | null;
  status: ProspectStatus;
  studentId: string | null;
  /** The keyed email lookup the submission was indexed under (null on submissions from before it). */
  emailLookup: string | null;
  erased: boolean;
}

export const initialProspectState = (): ProspectState => ({
  exists: false,
  prospectId: null,
  kind: null,
  status: 'pending',
  studentId: null,
  emailLookup: null,
  erased: false,
});

export function evolveProspect(state: ProspectState, event: LoadedEvent<ProspectEvent['type'], any>): ProspectState {
  switch (event.type) {
    case ADMISSIONS_EVENTS.ApplicationSubmitted: {
      const d = event.data as ApplicationSubmittedData;
      return { ...initialProspectState(), exists: true, prospectId: d.prospectId, kind: 'application', emailLookup: d.emailLookup ?? null };
    }
    case ADMISSIONS_EVENTS.QuickContactReceived: {
      const d = event.data as QuickContactReceivedData;
      return { ...initialProspectState(), exists: true, prospectId: d.prospectId, kind: 'quick_contact', emailLookup: d.emailLookup ?? null };
    }
    case ADMISSIONS_EVENTS.ApplicantErased:
      return { ...state, erased: true };
    case ADMISSIONS_EVENTS.ApplicantContacted:
      return { ...state, status: 'contacted' };
    case ADMISSIONS_EVENTS.ApplicantDeclined:
      return { ...state, status: 'declined' };
    case ADMISSIONS_EVENTS.ApplicantConverted:
      return { ...state, status: 'converted', studentId: (event.data as ApplicantConvertedData).studentId };
    default:
      return state;
  }
}

export type ProspectCommand =
  | { type: 'SubmitApplication'; prospectId: string; course: CourseOption; person: ApplicationSubmittedPersonal; emailLookup: string }
  | { type: 'ReceiveQuickContact'; prospectId: string; person: QuickContactReceivedPersonal; emailLookup: string }
  | { type: 'MarkContacted'; byUserId: string; now: string }
  | { type: 'Decline'; byUserId: string; now: string }
  | { type: 'Convert'; byUserId: string; now: string; studentId: string }
  /** byUserId null: the system, after the deletion of the account with the applicant's address. */
  | { type: 'EraseApplicant'; byUserId: string | null; now: string; reason: ErasureReason };

const conflict = (message: string) => new DomainError('conflict', message);

/** The end states refuse every further change: a converted or declined applicant stays so, an erased one is gone. */
function refuseFinished(state: ProspectState): void {
  if (!state.exists) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
  if (state.erased) throw conflict(ADMISSIONS_MESSAGES.alreadyErased);
  if (state.status === 'converted') throw conflict(ADMISSIONS_MESSAGES.alreadyConverted);
  if (state.status === 'declined') throw conflict(ADMISSIONS_MESSAGES.alreadyDeclined);
}

/**
 * Whether the prospect may be converted now. The convert handler asks this BEFORE it creates the
 * account (so a refused convert creates nothing), and decide asks it again for the append.
 */
export function assertConvertible(state: ProspectState): void {
  refuseFinished(state);
  if (state.kind !== 'application') throw conflict(ADMISSIONS_MESSAGES.onlyApplicationsConvert);
}

export function decideProspect(command: ProspectCommand, state: ProspectState): ProspectEvent[] {
  switch (command.type) {
    case 'SubmitApplication': {
      if (state.exists) throw conflict('This application already exists');
      return [
        {
          type: ADMISSIONS_EVENTS.ApplicationSubmitted,
          data: { prospectId: command.prospectId, course: command.course, emailLookup: command.emailLookup },
          personal: { subjectId: prospectSubject(command.prospectId), data: { ...command.person } },
        },
      ];
    }
    case 'ReceiveQuickContact': {
      if (state.exists) throw conflict('This message already exists');
      return [
        {
          type: ADMISSIONS_EVENTS.QuickContactReceived,
          data: { prospectId: command.prospectId, emailLookup: command.emailLookup },
          personal: { subjectId: prospectSubject(command.prospectId), data: { ...command.person } },
        },
      ];
    }
    case 'MarkContacted': {
      refuseFinished(state);
      if (state.status === 'contacted') throw conflict(ADMISSIONS_MESSAGES.alreadyContacted);
      return [{ type: ADMISSIONS_EVENTS.ApplicantContacted, data: { prospectId: state.prospectId!, previousStatus: state.status, byUserId: command.byUserId, at: command.now } }];
    }
    case 'Decline': {
      refuseFinished(state);
      return [{ type: ADMISSIONS_EVENTS.ApplicantDeclined, data: { prospectId: state.prospectId!, previousStatus: state.status, byUserId: command.byUserId, at: command.now } }];
    }
    case 'Convert': {
      assertConvertible(state);
      return [
        {
          type: ADMISSIONS_EVENTS.ApplicantConverted,
          data: { prospectId: state.prospectId!, previousStatus: state.status, byUserId: command.byUserId, at: command.now, studentId: command.studentId },
        },
      ];
    }
    case 'EraseApplicant': {
      // Whatever the status: a converted applicant's account is a person of its own (identity), the
      // application's copy of their data still goes.
      if (!state.exists) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
      if (state.erased) throw conflict(ADMISSIONS_MESSAGES.alreadyErased);
      return [{ type: ADMISSIONS_EVENTS.ApplicantErased, data: { prospectId: state.prospectId!, byUserId: command.byUserId, at: command.now, reason: command.reason } }];
    }
  }
}

export const prospectDecider: Decider<ProspectCommand, ProspectEvent, ProspectState> = {
  initialState: initialProspectState,
  evolve: evolveProspect,
  decide: decideProspect,
};
