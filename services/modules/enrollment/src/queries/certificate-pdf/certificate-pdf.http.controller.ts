import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { CertificatePdf } from './certificate-pdf.query.js';

@Controller('certificates')
export class CertificatePdfController extends DispatchingController {
  /** The certificate of an enrollment as a PDF: its holder, or an admin; 404 for anyone else's. Headers only once the query answered (a refusal stays JSON). */
  @Get(':enrollmentId/pdf')
  @Roles('student', 'admin')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  @Answers(200, undefined, { contentType: 'application/pdf', description: 'The certificate of completion as a PDF file (attachment), with the verification URL and its QR code.' })
  async download(@Param('enrollmentId') enrollmentId: string, @CurrentUser() principal: Principal, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const { pdf } = await this.dispatch.query(new CertificatePdf(principal, enrollmentId));
    res.setHeader('cache-control', 'private, no-store');
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: 'attachment; filename="certificate.pdf"', length: pdf.length });
  }
}
