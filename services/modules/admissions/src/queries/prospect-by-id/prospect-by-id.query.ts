import { Query } from '@nestjs/cqrs';
import type { Prospect } from '@academy/contracts';

/**
 * One prospect as the Prospective screens show it (null: none, or erased). No endpoint: the staff
 * commands answer with it (contacted, decline, convert), so their answer is the row the list shows.
 */
export class ProspectById extends Query<Prospect | null> {
  constructor(readonly prospectId: string) {
    super();
  }
}
