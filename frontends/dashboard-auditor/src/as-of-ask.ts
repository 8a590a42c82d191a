import { AUDIT_AS_OF_VIEWS, type AuditAsOfView } from '@academy/contracts';

// Time travel's question lives in the page address (?at=&view=&id=), so a reload or a shared link
// shows the same past. These are its pure parts; the API checks the same rules again (400 with fields).

export interface AsOfAsk {
  /** An ISO instant. */
  at: string;
  view: AuditAsOfView;
  /** The subject (gradebook) or enrollment (enrollment); '' for the pipeline. */
  id: string;
}

export const needsId = (view: AuditAsOfView) => view !== 'pipeline';

export const readAsOfView = (v: string | null): AuditAsOfView => AUDIT_AS_OF_VIEWS.find((x) => x === v) ?? 'enrollment';

/** The question of a page address; null when it is not a whole one (no readable time, or no id the view needs). */
export function readAsOfAsk(params: URLSearchParams): AsOfAsk | null {
  const at = (params.get('at') ?? '').trim();
  const view = readAsOfView(params.get('view'));
  const id = needsId(view) ? (params.get('id') ?? '').trim().slice(0, 100) : '';
  if (!at || Number.isNaN(Date.parse(at)) || (needsId(view) && !id)) return null;
  return { at, view, id };
}

/** The address parts of a question: the page's address and the API's query string are the same. */
export function asOfParams(ask: AsOfAsk): URLSearchParams {
  const params = new URLSearchParams({ at: ask.at, view: ask.view });
  if (needsId(ask.view)) params.set('id', ask.id);
  return params;
}
