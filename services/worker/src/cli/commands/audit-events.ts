// `academy audit events`: the auditor's Event log from a shell, with the page's filters (its address,
// ?stream=&type=…) checked by the contract's own query schema, newest first, a keyset page at a time.
import { eventLogPage } from '@academy/audit';
import { type AuditEventSummary, type AuditEventsFilter, auditEventsQuerySchema } from '@academy/contracts';
import { type AcademyCommand, print, UsageError } from '../command.js';

/** The Event log's filters, as `--<name> <value>`. */
const LOG_FLAGS = ['stream', 'type', 'context', 'actor', 'correlation', 'from', 'to', 'before', 'limit'] as const;
const EVENTS_USAGE = `audit events takes [--${LOG_FLAGS.join(' <…>] [--')} <…>]: the Event log's filters (AND-ed), --before the previous page's "older" position`;

/** Who did it: `admin <user id>`, or the role alone (`system` when there is none). */
export const actorLabel = ({ actorId, actorRole }: Pick<AuditEventSummary['metadata'], 'actorId' | 'actorRole'>) => (actorId ? `${actorRole ?? '?'} ${actorId}` : (actorRole ?? 'system'));

function parseFilter(args: readonly string[]): AuditEventsFilter {
  const asked: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i].startsWith('--') ? args[i].slice(2) : '';
    if (!LOG_FLAGS.some((f) => f === name) || args[i + 1] === undefined || name in asked) throw new UsageError(EVENTS_USAGE);
    asked[name] = args[i + 1];
  }
  const parsed = auditEventsQuerySchema.safeParse(asked);
  if (parsed.success) return parsed.data;
  throw new UsageError([...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`), EVENTS_USAGE].join('\n'));
}

export const auditEventsCommand: AcademyCommand<AuditEventsFilter, 'event store'> = {
  name: 'audit events',
  usage: [
    [
      'audit events [--stream <id>] [--type <event type>] [--context <context>] [--actor <user id>] [--correlation <id>]\n               [--from <ISO time>] [--to <ISO time>] [--before <position>] [--limit <1-200>]',
      'the Event log, newest first, a page at a time (no personal values)',
    ],
  ],
  needs: 'event store',
  parse: parseFilter,
  async run(filter, deps) {
    const page = await eventLogPage(deps.store, deps.pool, filter);
    if (!page.events.length) print(deps, 'no events match these filters');
    for (const e of page.events) {
      print(deps, `${e.position} ${e.recordedAt} ${e.type} ${e.streamId}@${e.streamVersion} by ${actorLabel(e.metadata)}, personal ${e.personal}, correlation ${e.metadata.correlationId}`);
    }
    if (page.nextBefore !== null) print(deps, `older: --before ${page.nextBefore}`);
    return 0;
  },
};
