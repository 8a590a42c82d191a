// What an auditor without a personal-data grant sees of a read-model row that a replay found differing
// (ADR 0034). Read tables hold personal fields DECRYPTED and declare no list of them, so masking is
// deny-by-default: a value stays only when it cannot be personal by its column's name AND its shape
// (null, a number, a boolean, a uuid, an instant with a time, a short lower-case token such as a role
// or a status). Everything else (names, emails, phones, dates of birth, free text, JSON) becomes the
// mask, the column name kept, as the Event log masks an event's personal fields.
import { AUDIT_MASK } from '@academy/contracts';

/** Column names that hold or derive from personal data, whatever their value looks like. */
const PERSONAL_COLUMN = /name|mail|phone|address|birth|password|token|secret|message|body|feedback|note|comment|text|answer|reason/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An instant (to_jsonb of a timestamp/timestamptz); a bare date (a date of birth) is not kept. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z)?$/;
const TOKEN = /^[a-z][a-z0-9_-]{0,31}$/;

function keepsValue(column: string, value: unknown): boolean {
  if (value === null) return true;
  if (PERSONAL_COLUMN.test(column)) return false;
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  return typeof value === 'string' && (UUID.test(value) || INSTANT.test(value) || TOKEN.test(value));
}

/** The row with every value that may be personal replaced by the mask. */
export function maskReplayRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, keepsValue(column, value) ? value : AUDIT_MASK]));
}
