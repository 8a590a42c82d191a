/**
 * A due date travels as an ISO instant; the <input type="datetime-local"> shows and takes the
 * browser's local wall time. These convert between the two ('' = no due date).
 */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO instant of a datetime-local value, null when empty; an unreadable value stays as typed so the schema reports it. */
export function fromLocalInput(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}
