import { Query } from '@nestjs/cqrs';
import type { NonTeachingDaysQuery, NonTeachingDaysResponse } from '@academy/contracts';

/** The academy's non-teaching days of a year (admin). */
export class NonTeachingDaysOf extends Query<NonTeachingDaysResponse> {
  constructor(readonly filter: NonTeachingDaysQuery) {
    super();
  }
}
