// The git hosts submissions may name (SUBMISSION_GIT_HOSTS) and the guarded client that reads their
// commits (ADR 0039): one instance per process, for the submit command (API) and the retry job (worker).
import { type AppConfig, OutgoingClient, type OutgoingPolicy, outgoingPolicy } from '@academy/backend';
import { GRADING_MESSAGES } from '@academy/contracts';

/** How long a student's submit waits on the git host before it is accepted with the pin pending. */
export const SUBMIT_WAIT_MS = 3000;

export class SubmissionGitHosts {
  readonly client: OutgoingClient;
  readonly hosts: readonly string[];

  constructor(config: Pick<AppConfig, 'SUBMISSION_GIT_HOSTS' | 'OUTGOING_TEST_HOSTS'>, overrides: Partial<OutgoingPolicy> = {}) {
    this.hosts = config.SUBMISSION_GIT_HOSTS;
    this.client = new OutgoingClient({ ...outgoingPolicy(config, this.hosts), ...overrides });
  }

  /** The field message of an address on a host outside the allow-list (null: allowed). */
  refusal(repositoryUrl: string): string | null {
    return this.client.allows(repositoryUrl) ? null : GRADING_MESSAGES.repositoryHost(this.hosts);
  }
}
