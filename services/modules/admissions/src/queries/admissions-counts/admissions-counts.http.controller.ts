import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Dispatch, ReadsProjections, Roles } from '@academy/backend';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/names.js';
import { AdmissionsCounts } from './admissions-counts.query.js';

@ApiTags('admissions')
@Controller('admissions/counts')
export class AdmissionsCountsController {
  constructor(private readonly dispatch: Dispatch) {}

  /** Admin 'Pending Approvals' and student-admin 'Pending Applications' (pendingApplications). */
  @Get()
  @Roles('admin', 'student_admin')
  @ReadsProjections(ADMISSIONS_PROJECTION)
  counts() {
    return this.dispatch.query(new AdmissionsCounts());
  }
}
