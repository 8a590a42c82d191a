// The prospect aggregate (stream `prospect-<id>`): one application or quick-contact message and its
// admissions pipeline pending → contacted → converted | declined, and its erasure (right to erasure:
// from any status, once; an erased prospect refuses every further step). Plain TS: no Nest, no I/O.
// The person's data (names, email, phone, message) travels in the encrypted `personal` part under the
// data subject `prospect-<id>` (ADR 0003); the course chosen is not personal and stays readable.
// Convert to student is a process (issue 14): RequestConversion opens it, identity creates the
// account, and CompleteConversion or FailConversion closes it; while it is open the status stays as
// it was and every other status change is refused.
import { DomainError, type Decider, type LoadedEvent } from '@academy/event-store';
import {
  ADMISSIONS_EVENTS,
  type ApplicantConversionFailedData,
  type ApplicantConversionPersonal,
  type ApplicantConversionRequestedData,
  CONVERSION_EVENTS,
  CONVERSION_MESSAGES,
  type ConversionRefusal,
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
  | { type: typeof ADMISSIONS_EVENTS.ApplicantErased; data: ApplicantErasedData; personal?: undefined }
  | { type: typeof CONVERSION_EVENTS.ApplicantConversionRequested; data: ApplicantConversionRequestedData; personal?: Personal }
  | { type: typeof CONVERSION_EVENTS.ApplicantConversionFailed; data: ApplicantConversionFailedData; personal?: undefined };

/** Events the Prospective screens show (the row's `version` is the stream version of the last of them). */
const SHOWN: ReadonlySet<string> = new Set([
  ADMISSIONS_EVENTS.ApplicationSubmitted,
  ADMISSIONS_EVENTS.QuickContactReceived,
  ADMISSIONS_EVENTS.ApplicantContacted,
  ADMISSIONS_EVENTS.ApplicantDeclined,
  ADMISSIONS_EVENTS.ApplicantConverted,
]);

export interface ProspectState {
  exists: boolean;
  prospectId: string | null;
  kind: ProspectKind | null;
  status: ProspectStatus;
  studentId: string | null;
  /** The keyed email lookup the submission was indexed under (null on submissions from before it). */
  emailLookup: string | null;
  erased: boolean;
  /** The application's person (null once erased, or for a quick-contact message): what the account is made from. */
  applicant: ApplicationSubmittedPersonal | null;
  /** The conversion under way (requested, not yet completed or failed). */
  conversion: ApplicantConversionRequestedData | null;
  /** Events in the stream (its version). */
  version: number;
  /**
   * The version of the last event the screens show: what a client sends back as `expectedVersion`.
   * A failed conversion leaves the application as staff saw it, so its events do not count.
   */
  shownVersion: number;
}

export const initialProspectState = (): ProspectState => ({
  exists: false,
  prospectId: null,
  kind: null,
  status: 'pending',
  studentId: null,
  emailLookup: null,
  erased: false,
  applicant: null,
  conversion: null,
  version: 0,
  shownVersion: 0,
});

export function evolveProspect(previous: ProspectState, event: LoadedEvent<ProspectEvent['type']>): ProspectState {
  const version = previous.version + 1;
  return { ...applyProspectEvent(previous, event), version, shownVersion: SHOWN.has(event.type) ? version : previous.shownVersion };
}

function applyProspectEvent(state: ProspectState, event: LoadedEvent<ProspectEvent['type']>): ProspectState {
  switch (event.type) {
    case ADMISSIONS_EVENTS.ApplicationSubmitted: {
      const d = event.data as ApplicationSubmittedData;
      const applicant = (event.personal?.data as ApplicationSubmittedPersonal | undefined) ?? null;
      return { ...initialProspectState(), exists: true, prospectId: d.prospectId, kind: 'application', emailLookup: d.emailLookup ?? null, applicant };
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
      return { ...state, status: 'converted', studentId: (event.data as ApplicantConvertedData).studentId, conversion: null };
    case CONVERSION_EVENTS.ApplicantConversionRequested:
      return { ...state, conversion: event.data as ApplicantConversionRequestedData };
    case CONVERSION_EVENTS.ApplicantConversionFailed:
      return { ...state, conversion: null };
    default:
      return state;
  }
}

export type ProspectCommand =
  | { type: 'SubmitApplication'; prospectId: string; course: CourseOption; person: ApplicationSubmittedPersonal; emailLookup: string }
  | { type: 'ReceiveQuickContact'; prospectId: string; person: QuickContactReceivedPersonal; emailLookup: string }
  | { type: 'MarkContacted'; byUserId: string; now: string }
  | { type: 'Decline'; byUserId: string; now: string }
  | { type: 'RequestConversion'; requestId: string; byUserId: string; now: string }
  /** Identity created the account of the request (the process's reactor). */
  | { type: 'CompleteConversion'; requestId: string; studentId: string }
  /** Identity refused the request (the process's reactor): the compensation. */
  | { type: 'FailConversion'; requestId: string; reason: ConversionRefusal }
  /** byUserId null: the system, after the deletion of the account with the applicant's address. */
  | { type: 'EraseApplicant'; byUserId: string | null; now: string; reason: ErasureReason };

const conflict = (message: string) => new DomainError('conflict', message);

/** The end states refuse every further change: a converted or declined applicant stays so, an erased one is gone. */
function refuseFinished(state: ProspectState): void {
  if (!state.exists) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
  if (state.erased) throw conflict(ADMISSIONS_MESSAGES.alreadyErased);
  if (state.status === 'converted') throw conflict(ADMISSIONS_MESSAGES.alreadyConverted);
  if (state.status === 'declined') throw conflict(ADMISSIONS_MESSAGES.alreadyDeclined);
  // The account may be being created: nothing may change the status until the process closes.
  if (state.conversion) throw conflict(CONVERSION_MESSAGES.conversionInProgress);
}

/** Whether the prospect may be converted now (the convert handler asks before it checks the address). */
export function assertConvertible(state: ProspectState): void {
  refuseFinished(state);
  if (state.kind !== 'application') throw conflict(ADMISSIONS_MESSAGES.onlyApplicationsConvert);
  if (!state.applicant) throw new DomainError('gone', CONVERSION_MESSAGES.applicantDataErased);
}

/** The person the account is made from: full name = first + last name, as Create User takes it. */
export const conversionPerson = (applicant: ApplicationSubmittedPersonal): ApplicantConversionPersonal => ({
  fullName: `${applicant.firstName} ${applicant.lastName}`.trim(),
  email: applicant.email,
  phone: applicant.phone,
});

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
    case 'RequestConversion': {
      assertConvertible(state);
      const previousStatus = state.status as ApplicantConversionRequestedData['previousStatus'];
      return [
        {
          type: CONVERSION_EVENTS.ApplicantConversionRequested,
          data: { prospectId: state.prospectId!, requestId: command.requestId, previousStatus, byUserId: command.byUserId, at: command.now },
          personal: { subjectId: prospectSubject(state.prospectId!), data: { ...conversionPerson(state.applicant!) } },
        },
      ];
    }
    // The two ends of the process: only for the request still open (a repeat after a crash, or an
    // outcome of a request already closed, changes nothing). An erased applicant is closed too.
    case 'CompleteConversion': {
      const request = state.conversion;
      if (!request || request.requestId !== command.requestId) return [];
      const { prospectId, previousStatus, byUserId, at } = request;
      return [{ type: ADMISSIONS_EVENTS.ApplicantConverted, data: { prospectId, previousStatus, byUserId, at, studentId: command.studentId } }];
    }
    case 'FailConversion': {
      if (state.conversion?.requestId !== command.requestId) return [];
      return [{ type: CONVERSION_EVENTS.ApplicantConversionFailed, data: { prospectId: state.prospectId!, requestId: command.requestId, reason: command.reason } }];
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

/**
 * The client's `expectedVersion` (the row's version it showed) against the prospect now: the screens'
 * version, so a conversion that failed meanwhile (the application unchanged) does not make it stale.
 */
export function assertShownVersion(state: ProspectState, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && state.exists && state.shownVersion !== expectedVersion) throw conflict(ADMISSIONS_MESSAGES.changedMeanwhile);
}
