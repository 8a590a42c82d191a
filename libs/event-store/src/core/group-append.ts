// Group append (ADR 0002), the same in every adapter: while one group is being written, the appends
// that arrive queue up and go together in the next write (one transaction or one log append, one
// hold of the ordered path for many appends), each still judged on its own. An idle store writes an
// append at once.
import type { Judgement } from './append-outcome.js';
import type { PreparedAppend } from './prepare.js';

const MAX_GROUP_APPENDS = 256;
const MAX_GROUP_EVENTS = 2000;

/** Judges and writes a group in one go; one judgement per append, in order. */
export type WriteGroup = (group: PreparedAppend[]) => Promise<Judgement[]>;

interface Pending {
  append: PreparedAppend;
  resolve(judgement: Judgement): void;
  reject(error: unknown): void;
}

export class GroupAppender {
  private readonly queue: Pending[] = [];
  private flushing = false;

  constructor(private readonly write: WriteGroup) {}

  append(append: PreparedAppend): Promise<Judgement> {
    return new Promise((resolve, reject) => {
      this.queue.push({ append, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) await this.writeGroup(this.queue.splice(0, this.nextGroupSize()));
    } finally {
      this.flushing = false;
    }
  }

  /** The queued appends that go in the next write: at least one, within both bounds. */
  private nextGroupSize(): number {
    let events = 0;
    let n = 0;
    while (n < this.queue.length && n < MAX_GROUP_APPENDS && (n === 0 || events + this.queue[n].append.ids.length <= MAX_GROUP_EVENTS)) {
      events += this.queue[n].append.ids.length;
      n++;
    }
    return n;
  }

  private async writeGroup(group: Pending[]): Promise<void> {
    try {
      const judgements = await this.write(group.map((p) => p.append));
      group.forEach((p, i) => p.resolve(judgements[i]));
    } catch (error) {
      if (group.length === 1) group[0].reject(error);
      // One bad append must not fail its neighbours: each is written alone (one that did land after
      // all is then answered as a duplicate).
      else for (const p of group) await this.writeGroup([p]);
    }
  }
}
