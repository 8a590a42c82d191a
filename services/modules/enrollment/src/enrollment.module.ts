import { Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { enrollmentEntities } from './projections/enrollments/enrollments.orm.js';
import { EnrollStudentController } from './commands/enroll-student/enroll-student.http.controller.js';
import { EnrollStudentHandler } from './commands/enroll-student/enroll-student.handler.js';
import { ChangeEnrollmentStatusController } from './commands/change-enrollment-status/change-enrollment-status.http.controller.js';
import { ChangeEnrollmentStatusHandler } from './commands/change-enrollment-status/change-enrollment-status.handler.js';
import { ImportEnrollmentsController } from './commands/import-enrollments/import-enrollments.http.controller.js';
import { ImportEnrollmentsHandler } from './commands/import-enrollments/import-enrollments.handler.js';
import { EnrollmentCountsController } from './queries/enrollment-counts/enrollment-counts.http.controller.js';
import { EnrollmentCountsHandler } from './queries/enrollment-counts/enrollment-counts.handler.js';
import { ListEnrollmentsController } from './queries/list-enrollments/list-enrollments.http.controller.js';
import { ListEnrollmentsHandler } from './queries/list-enrollments/list-enrollments.handler.js';
import { GetEnrollmentController } from './queries/get-enrollment/get-enrollment.http.controller.js';
import { GetEnrollmentHandler } from './queries/get-enrollment/get-enrollment.handler.js';
import { MyEnrollmentController } from './queries/my-enrollment/my-enrollment.http.controller.js';
import { MyEnrollmentHandler } from './queries/my-enrollment/my-enrollment.handler.js';
import { RevokeCertificateController } from './commands/revoke-certificate/revoke-certificate.http.controller.js';
import { RevokeCertificateHandler } from './commands/revoke-certificate/revoke-certificate.handler.js';
import { VerifyCertificateController } from './queries/verify-certificate/verify-certificate.http.controller.js';
import { VerifyCertificateHandler } from './queries/verify-certificate/verify-certificate.handler.js';
import { MyCertificatesController } from './queries/my-certificates/my-certificates.http.controller.js';
import { MyCertificatesHandler } from './queries/my-certificates/my-certificates.handler.js';
import { ListCertificatesController } from './queries/list-certificates/list-certificates.http.controller.js';
import { ListCertificatesHandler } from './queries/list-certificates/list-certificates.handler.js';
import { CertificatePdfController } from './queries/certificate-pdf/certificate-pdf.http.controller.js';
import { CertificatePdfHandler } from './queries/certificate-pdf/certificate-pdf.handler.js';
import { GetCertificateHandler } from './queries/get-certificate/get-certificate.handler.js';

/** The enrollment context's HTTP side. Needs EventSourcingModule, BackboneModule, AuthModule and MikroOrmModule.forRoot({ autoLoadEntities: true }) (global) from the composition root. */
@ApiTag('enrollment', 'Enrollments of students in programs and subjects, their status and CSV imports.')
@Module({
  // Its read entities, for the root ORM's autoLoadEntities (the reads go through the schema's views).
  imports: [MikroOrmModule.forFeature(enrollmentEntities)],
  controllers: [ImportEnrollmentsController, ListEnrollmentsController, EnrollmentCountsController, EnrollStudentController, GetEnrollmentController, ChangeEnrollmentStatusController, MyEnrollmentController,
    // Certificates of completion (ADR 0030).
    VerifyCertificateController, MyCertificatesController, ListCertificatesController, CertificatePdfController, RevokeCertificateController,
  ],
  providers: [
    EnrollStudentHandler,
    ChangeEnrollmentStatusHandler,
    ImportEnrollmentsHandler,
    ListEnrollmentsHandler,
    EnrollmentCountsHandler,
    GetEnrollmentHandler,
    MyEnrollmentHandler,
    RevokeCertificateHandler,
    VerifyCertificateHandler,
    MyCertificatesHandler,
    ListCertificatesHandler,
    CertificatePdfHandler,
    GetCertificateHandler,
  ],
})
export class EnrollmentModule {}
