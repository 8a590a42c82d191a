import { GitCommitHorizontal, GitCompare } from 'lucide-react';
import { commitUrl, compareUrl, GRADING_MESSAGES, repositoryAddress, shortSha, type Submission } from '@academy/contracts';
import { Badge } from '@academy/ui';
import { useSubmissionDetailQuery } from '../api/grading';
import { formatDateTime } from '../format';

// The commit a submission is pinned to (issue 30 §1, ADR 0039), as the teacher's grading dialog and
// the student's read-only view show it: the short SHA linking to the repository at that commit (on
// GitHub its tree; elsewhere the repository, with the full SHA beside it), when it was read, and on a
// resubmission the comparison with the previous attempt's commit.

type Pinned = Pick<Submission, 'githubUrl' | 'pin' | 'attempt'>;

const linkClass = 'inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline';

/** The pin of `submission`; `previous`: the attempt before it (a resubmission), when it was pinned too. */
export function PinnedCommit({ submission, previous }: { submission: Pinned; previous?: Pinned | null }) {
  const { pin } = submission;
  // Submitted before pinning existed: nothing to show.
  if (!pin) return null;
  if (pin.state !== 'pinned' || !pin.sha) {
    return (
      <Badge variant={pin.state === 'failed' ? 'destructive' : 'secondary'} data-testid="pinned-commit">
        {pin.state === 'failed' ? GRADING_MESSAGES.commitFailed : GRADING_MESSAGES.commitPending}
      </Badge>
    );
  }
  const onGitHub = repositoryAddress(submission.githubUrl).github;
  const before = previous?.pin?.state === 'pinned' && previous.pin.sha && previous.pin.sha !== pin.sha ? previous.pin.sha : null;
  const compare = before ? compareUrl(submission.githubUrl, before, pin.sha) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="pinned-commit">
      <a href={commitUrl(submission.githubUrl, pin.sha)} target="_blank" rel="noreferrer" className={linkClass} title={pin.sha} aria-label={`Commit ${shortSha(pin.sha)}`}>
        <GitCommitHorizontal aria-hidden="true" className="size-3.5" />
        <code data-testid="commit-sha">{shortSha(pin.sha)}</code>
      </a>
      {!onGitHub && <code className="text-xs break-all text-muted-foreground">{pin.sha}</code>}
      {pin.pinnedAt && (
        <span className="text-xs font-normal text-muted-foreground">
          pinned <time dateTime={pin.pinnedAt}>{formatDateTime(pin.pinnedAt)}</time>
        </span>
      )}
      {before && compare && (
        <a href={compare} target="_blank" rel="noreferrer" className={`${linkClass} text-xs`} data-testid="commit-compare">
          <GitCompare aria-hidden="true" className="size-3.5" />
          {`Compare with attempt ${submission.attempt - 1}`}
        </a>
      )}
      {before && !compare && <span className="text-xs font-normal text-muted-foreground">{`Attempt ${submission.attempt - 1} was ${shortSha(before)}`}</span>}
    </span>
  );
}

/**
 * The pin of submission `id` with the attempt before it, from the submission's detail (the teacher's
 * row already carries the pin: `submission` shows it while the detail loads); nothing until then.
 */
export function SubmissionCommit({ id, submission, enabled = true }: { id: string; submission?: Pinned; enabled?: boolean }) {
  const detail = useSubmissionDetailQuery(id, enabled);
  const read = detail.data;
  const index = read ? read.attempts.findIndex((a) => a.id === id) : -1;
  const shown = read?.submission ?? submission;
  if (!shown) return null;
  return <PinnedCommit submission={shown} previous={read && index > 0 ? read.attempts[index - 1] : null} />;
}
