import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { GRADING_MESSAGES, type Submission } from '@academy/contracts';
import { PinnedCommit } from './pinned-commit';

const A = 'a'.repeat(40);
const B = '0123456789abcdef0123456789abcdef01234567';
const attempt = (n: number, githubUrl: string, pin: Submission['pin']) => ({ attempt: n, githubUrl, pin });
const pinned = (sha: string) => ({ state: 'pinned' as const, sha, pinnedAt: '2026-11-28T10:15:00.000Z' });
const html = (...args: Parameters<typeof PinnedCommit>) => renderToStaticMarkup(<PinnedCommit {...args[0]} />);

describe('PinnedCommit', () => {
  it('shows the short SHA linking to GitHub\'s tree at that commit, and when it was pinned', () => {
    const out = html({ submission: attempt(1, 'https://github.com/ada/calc', pinned(B)) });
    expect(out).toContain(`href="https://github.com/ada/calc/tree/${B}"`);
    expect(out).toMatch(/data-testid="commit-sha">0123456</);
    expect(out).toMatch(/pinned <time dateTime="2026-11-28T10:15:00.000Z">/);
    expect(out).not.toContain('commit-compare');
  });

  it('links a resubmission to the comparison with the previous attempt\'s commit', () => {
    const out = html({ submission: attempt(2, 'https://github.com/ada/calc', pinned(B)), previous: attempt(1, 'https://github.com/ada/calc', pinned(A)) });
    expect(out).toContain(`href="https://github.com/ada/calc/compare/${A}...${B}"`);
    expect(out).toContain('Compare with attempt 1');
  });

  it('on another host: the repository\'s address and the full SHA, and the previous commit named', () => {
    const out = html({ submission: attempt(2, 'https://git.example.org/ada/calc.git', pinned(B)), previous: attempt(1, 'https://git.example.org/ada/calc.git', pinned(A)) });
    expect(out).toContain('href="https://git.example.org/ada/calc.git"');
    expect(out).toContain(`>${B}</code>`);
    expect(out).toContain('Attempt 1 was aaaaaaa');
  });

  it('says a pin is pending or failed, and shows nothing for a submission from before pinning', () => {
    expect(html({ submission: attempt(1, 'https://github.com/ada/calc', { state: 'pending', sha: null, pinnedAt: null }) })).toContain(GRADING_MESSAGES.commitPending);
    expect(html({ submission: attempt(1, 'https://github.com/ada/calc', { state: 'failed', sha: null, pinnedAt: null }) })).toContain(GRADING_MESSAGES.commitFailed);
    expect(html({ submission: attempt(1, 'https://github.com/ada/calc', null) })).toBe('');
  });
});
