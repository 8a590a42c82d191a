import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles } from '@academy/backend';
import type { AdmissionsCounts } from '@academy/contracts';
import { ADMISSIONS_PROJECTION } from '../../projections/prospects/prospects.projection.js';
import { ProspectsReader } from '../../projections/prospects/prospects.reader.js';

@ApiTags('admissions')
@Controller('admissions/counts')
export class AdmissionsCountsController {
  constructor(private readonly prospects: ProspectsReader) {}

  /** Admin 'Pending Approvals' and student-admin 'Pending Applications' (pendingApplications). */
  @Get()
  @Roles('admin', 'student_admin')
  @ReadsProjections(ADMISSIONS_PROJECTION)
  counts(): Promise<AdmissionsCounts> {
    return this.prospects.counts();
  }
}
