// The week editor's read: one week with its tasks and capstone (see ../weeks.read.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '@academy/backend';
import type { Week } from '@academy/contracts';
import { weeksWhere } from '../weeks.read.js';

/** The week, or null: unknown, a malformed id (ids are uuids), or no schema yet. */
export async function readWeek(em: EntityManager, weekId: string): Promise<Week | null> {
  if (!isUuid(weekId)) return null;
  return (await weeksWhere(em, { id: weekId }))[0] ?? null;
}
