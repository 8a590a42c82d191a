// Progress of the long commands on stderr (stdout stays the result alone): counts and an ETA after
// each batch, never per event.
import type { ReplayProgress } from '@academy/event-store';
import type { Output } from './command.js';

export type ProgressLine = (done: { checked: number; total: number }, of?: string, after?: number) => void;

/**
 * `verify: 12000/986880 events (1 %), ETA 42 s` (`label`: what is walked; `of`: which part of it; `after`:
 * events still to come after this part); nothing when there is no stderr.
 */
export function progressOnStderr(err: Output | undefined, label: string): ProgressLine | undefined {
  if (!err) return undefined;
  const started = Date.now();
  return ({ checked, total }, of = '', after = 0) => {
    const rate = checked / Math.max(1, Date.now() - started);
    const left = Math.max(0, total - checked) + after;
    const percent = total ? Math.min(100, Math.floor((checked / total) * 100)) : 100;
    err.write(`${label}${of}: ${checked}/${total} events (${percent} %), ETA ${rate > 0 ? Math.ceil(left / rate / 1000) : '?'} s\n`);
  };
}

/**
 * `replay users (1/8): 2000/5000 events (40 %), ETA 9 s`: the ETA counts the projections still to come
 * as this one's head each (they replay the same log), at the rate of the events replayed so far.
 */
export function replayProgressOnStderr(err: Output | undefined): ((p: ReplayProgress) => void) | undefined {
  const line = progressOnStderr(err, 'replay');
  if (!line) return undefined;
  let done = 0;
  let current = '';
  let last = 0;
  return (p) => {
    if (p.projection !== current) {
      done += last;
      current = p.projection;
    }
    last = p.applied;
    // The rate is over every event replayed so far (all projections), so it is measured against `done`.
    line({ checked: done + p.applied, total: done + p.head }, ` ${p.projection} (${p.index}/${p.count})`, (p.count - p.index) * p.head);
  };
}
