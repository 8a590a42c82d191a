import { Controller, Get, Query } from '@nestjs/common';
import { Answers, DispatchingController, ReadsProjections, Roles, ZodValidationPipe } from '@academy/backend';
import { type NonTeachingDaysQuery, nonTeachingDaysQuerySchema, type NonTeachingDaysResponse, nonTeachingDaysResponseSchema } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from '../../projections/attendance/attendance.projection.js';
import { NonTeachingDaysOf } from './non-teaching-days.query.js';

@Controller('attendance/non-teaching-days')
export class NonTeachingDaysController extends DispatchingController {
  /** Admin: the year's non-teaching days and whether its public holidays were filled. */
  @Get()
  @Roles('admin')
  @ReadsProjections(ATTENDANCE_PROJECTION)
  @Answers(200, nonTeachingDaysResponseSchema)
  list(@Query(new ZodValidationPipe(nonTeachingDaysQuerySchema)) query: NonTeachingDaysQuery): Promise<NonTeachingDaysResponse> {
    return this.dispatch.query(new NonTeachingDaysOf(query));
  }
}
