import { type CommandUnit, type EventStore, fold, type LoadedStream, type StoredEvent } from '@academy/event-store';
import { ADMISSIONS_EVENTS, CONVERSION_EVENTS } from '@academy/contracts';
import { prospectDecider, type ProspectState } from '../domain/prospect.js';

/**
 * How long a staff command waits for a conversion's outcome (the worker's two reactions: identity
 * creates the account, admissions closes the request). Longer than a projection's bound: the account's
 * password hash alone takes a while on a busy machine, and the answer says whether it worked.
 */
export const CONVERSION_WAIT_MS = 10_000;
const POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (bounded) while the prospect has a conversion under way. Past the bound the command is refused as in progress. */
export async function waitWhileConverting(store: EventStore, streamId: string, timeoutMs = CONVERSION_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (fold(prospectDecider, await store.readStream(streamId)).conversion && Date.now() < deadline) await sleep(POLL_MS);
}

/**
 * Loads the prospect for a staff command. A conversion under way is waited for (bounded) and the
 * command decides on its outcome (converted → 409 alreadyConverted), not on the open request. The
 * unit's append stays guarded by the first read, so a decision to write on the newer state conflicts
 * and the pipeline decides again from a fresh read (or answers 409, as its retry policy says).
 */
export async function loadSettled(store: EventStore, unit: CommandUnit, streamId: string): Promise<LoadedStream<ProspectState>> {
  const prospect = await unit.load(streamId, prospectDecider);
  if (!prospect.state.conversion) return prospect;
  await waitWhileConverting(store, streamId);
  return { ...prospect, state: fold(prospectDecider, await store.readStream(streamId)) };
}

/**
 * The event that closed the request appended at `requestVersion` (ApplicantConverted or
 * ApplicantConversionFailed: a prospect has at most one request open, so the first after it is its
 * outcome), or null when the bound passed first.
 */
export async function conversionOutcome(store: EventStore, streamId: string, requestVersion: number, timeoutMs = CONVERSION_WAIT_MS): Promise<StoredEvent | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const closed = (await store.readStream(streamId, requestVersion)).find(
      (e) => e.type === ADMISSIONS_EVENTS.ApplicantConverted || e.type === CONVERSION_EVENTS.ApplicantConversionFailed,
    );
    if (closed || Date.now() >= deadline) return closed ?? null;
    await sleep(POLL_MS);
  }
}
