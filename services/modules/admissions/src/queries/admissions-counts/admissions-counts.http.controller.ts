import { Controller, Get } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, Answers } from '@academy/backend';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/names.js';
import { AdmissionsCounts } from './admissions-counts.query.js';
import { admissionsCountsSchema } from '@academy/contracts';

@Controller('admissions/counts')
export class AdmissionsCountsController extends DispatchingController {
  /** Admin 'Pending Approvals' and student-admin 'Pending Applications' (pendingApplications). */
  @Get()
  @Roles('admin', 'student_admin')
  @ReadsProjections(ADMISSIONS_PROJECTION)
  @Answers(200, admissionsCountsSchema)
  counts() {
    return this.dispatch.query(new AdmissionsCounts());
  }
}
