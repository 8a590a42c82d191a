// Time travel (issue 16, ADR 0031): the prospect pipeline as it stood after some events, each prospect
// stream folded with this context's own evolve. Pure. Names and addresses are personal and left out.
import { fold, type StoredEvent } from '@academy/event-store';
import type { AsOfProspect, ProspectKind, ProspectStatus } from '@academy/contracts';
import { prospectDecider } from './prospect.js';

export interface PipelineAsOf {
  prospects: AsOfProspect[];
  counts: Array<{ kind: ProspectKind; status: ProspectStatus; count: number }>;
}

/** The pipeline after `streams` (each a prospect stream's events, oldest first). */
export function pipelineAsOf(streams: StoredEvent[][]): PipelineAsOf {
  const prospects: AsOfProspect[] = [];
  for (const events of streams) {
    const s = fold(prospectDecider, events);
    if (!s.exists || !s.prospectId || !s.kind) continue;
    prospects.push({ prospectId: s.prospectId, kind: s.kind, status: s.status, erased: s.erased });
  }
  prospects.sort((a, b) => (a.prospectId < b.prospectId ? -1 : a.prospectId > b.prospectId ? 1 : 0));
  const counts = new Map<string, { kind: ProspectKind; status: ProspectStatus; count: number }>();
  for (const p of prospects) {
    const k = `${p.kind} ${p.status}`;
    const c = counts.get(k) ?? { kind: p.kind, status: p.status, count: 0 };
    c.count += 1;
    counts.set(k, c);
  }
  return { prospects, counts: [...counts.values()].sort((a, b) => (`${a.kind} ${a.status}` < `${b.kind} ${b.status}` ? -1 : 1)) };
}
