// `academy audit why <view> <id>`: the value and its causes, newest first, each with its actor and time
// (the Why page, ADR 0028; the walk is the audit context's).
import { explainValue, logSchema } from '@academy/audit';
import { AUDIT_WHY_VIEWS, type AuditWhyResponse } from '@academy/contracts';
import { type AcademyCommand, print, UsageError } from '../command.js';
import { actorLabel } from './audit-events.js';

/** The value, then `  ← <type> #<position> (<stream>) by <actor> at <time>` per cause. */
export function whyLines(answer: AuditWhyResponse): string[] {
  return [answer.value, ...answer.chain.map((s) => `  ← ${s.type} #${s.position} (${s.streamId}) by ${actorLabel(s.metadata)} at ${s.recordedAt}${s.link === 'value' ? '' : ` [${s.link}]`}`)];
}

export const auditWhyCommand: AcademyCommand<{ view: string; id: string }, 'event store'> = {
  name: 'audit why',
  usage: [['audit why <view> <id>', 'the causal chain of a value: view enrollment-week or enrollment-status\n(id: an enrollment), grade-status (id: a submission); exit 1 when none']],
  needs: 'event store',
  parse([view, id]) {
    if (!view || !id) throw new UsageError('audit why takes <view> <id>: enrollment-week|enrollment-status <enrollment id>, grade-status <submission id>');
    return { view, id };
  },
  async run({ view, id }, deps) {
    const known = AUDIT_WHY_VIEWS.find((v) => v === view);
    if (!known) throw new Error(`view must be one of ${AUDIT_WHY_VIEWS.join(', ')}`);
    const answer = await explainValue(deps.pool, logSchema(deps.store), known, id);
    if (!answer) {
      print(deps, `nothing to explain: no ${view} for ${id}`);
      return 1;
    }
    print(deps, ...whyLines(answer));
    return 0;
  },
};
