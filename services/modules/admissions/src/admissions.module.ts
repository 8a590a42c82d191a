import { Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { admissionsEntities } from './projections/prospects/admissions.orm.js';
import { SubmitApplicationController } from './commands/submit-application/submit-application.http.controller.js';
import { SubmitApplicationHandler } from './commands/submit-application/submit-application.handler.js';
import { SendQuickContactController } from './commands/send-quick-contact/send-quick-contact.http.controller.js';
import { SendQuickContactHandler } from './commands/send-quick-contact/send-quick-contact.handler.js';
import { DeclineProspectController, MarkProspectContactedController } from './commands/change-prospect-status/change-prospect-status.http.controller.js';
import { ChangeProspectStatusHandler } from './commands/change-prospect-status/change-prospect-status.handler.js';
import { ConvertProspectController } from './commands/convert-prospect/convert-prospect.http.controller.js';
import { ConvertProspectHandler } from './commands/convert-prospect/convert-prospect.handler.js';
import { EraseProspectController } from './commands/erase-prospect/erase-prospect.http.controller.js';
import { EraseProspectHandler } from './commands/erase-prospect/erase-prospect.handler.js';
import { ListProspectsController } from './queries/list-prospects/list-prospects.http.controller.js';
import { ListProspectsHandler } from './queries/list-prospects/list-prospects.handler.js';
import { AdmissionsCountsController } from './queries/admissions-counts/admissions-counts.http.controller.js';
import { AdmissionsCountsHandler } from './queries/admissions-counts/admissions-counts.handler.js';
import { ProspectByIdHandler } from './queries/prospect-by-id/prospect-by-id.handler.js';
import { ProspectSubmissions } from './commands/submit-prospect.js';

/**
 * The admissions context's HTTP side. Needs, from the composition root: EventSourcingModule and
 * AuthModule (global), HttpPlatformModule (RateLimiter), BackboneModule.forRoot() (the buses, Dispatch,
 * ReadModelGate), MikroOrmModule.forRoot({ autoLoadEntities: true }) (global) and IdentityModule (the
 * AddressHasAccount query convert asks first). The conversion's reactions run in the worker
 * (admissionsReactors, identity's reactors).
 */
@ApiTag('admissions', 'Applications and quick contacts from the public site, and their pipeline.')
@Module({
  // Its read entities, for the root ORM's autoLoadEntities (the reads go through the schema's views).
  imports: [MikroOrmModule.forFeature(admissionsEntities)],
  controllers: [
    SubmitApplicationController,
    SendQuickContactController,
    ListProspectsController,
    AdmissionsCountsController,
    MarkProspectContactedController,
    DeclineProspectController,
    ConvertProspectController,
    EraseProspectController,
  ],
  providers: [
    ProspectSubmissions,
    SubmitApplicationHandler,
    SendQuickContactHandler,
    ChangeProspectStatusHandler,
    ConvertProspectHandler,
    EraseProspectHandler,
    ListProspectsHandler,
    AdmissionsCountsHandler,
    ProspectByIdHandler,
  ],
})
export class AdmissionsModule {}
