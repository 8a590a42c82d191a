import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@academy/backend';
import type { ContactCountry, ContactDetails } from '@academy/contracts';
import { type DetectedCountry, publicCatalogue } from '../../public-catalogue/public-catalogue.js';
import { countryFromHeader, countryFromIp } from '../../public-catalogue/visitor-location.js';
import { PublicCourses } from './public-courses.query.js';

/**
 * The visitor's country is decided here, offline: the trusted proxy's header when configured and
 * present, else the IP database.
 */
@QueryHandler(PublicCourses)
export class PublicCoursesHandler implements IQueryHandler<PublicCourses> {
  private readonly contacts: Record<ContactCountry, ContactDetails>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.contacts = {
      ZA: { country: 'ZA', phone: config.CONTACT_ZA_PHONE, email: config.CONTACT_ZA_EMAIL, address: config.CONTACT_ZA_ADDRESS },
      ZW: { country: 'ZW', phone: config.CONTACT_ZW_PHONE, email: config.CONTACT_ZW_EMAIL, address: config.CONTACT_ZW_ADDRESS },
    };
  }

  async execute({ headers, ip }: PublicCourses) {
    const header = this.config.TRUSTED_COUNTRY_HEADER;
    let detected: DetectedCountry = header ? countryFromHeader(headers[header]) : null;
    detected ??= countryFromIp(ip);
    return publicCatalogue(detected, this.contacts);
  }
}
