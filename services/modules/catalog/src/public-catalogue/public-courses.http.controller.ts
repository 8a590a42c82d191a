import { Controller, Get, Header, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig, Public } from '@academy/backend';
import type { ContactCountry, ContactDetails, PublicCatalogueResponse } from '@academy/contracts';
import { catalogueCourse, type DetectedCountry, publicCatalogue } from './public-catalogue.js';
import { countryFromHeader, countryFromIp } from './visitor-location.js';
import { courseImageSvg } from './course-image.js';

@ApiTags('public site')
@Public()
@Controller('public/courses')
export class PublicCoursesController {
  private readonly contacts: Record<ContactCountry, ContactDetails>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.contacts = {
      ZA: { country: 'ZA', phone: config.CONTACT_ZA_PHONE, email: config.CONTACT_ZA_EMAIL, address: config.CONTACT_ZA_ADDRESS },
      ZW: { country: 'ZW', phone: config.CONTACT_ZW_PHONE, email: config.CONTACT_ZW_EMAIL, address: config.CONTACT_ZW_ADDRESS },
    };
  }

  /**
   * The landing page's catalogue priced for the visitor's country, decided here, offline: the trusted
   * proxy's header when configured and present, else the IP database. The answer depends on who asks,
   * so no shared cache may keep it.
   */
  @Get()
  list(@Req() req: Request, @Res({ passthrough: true }) res: Response): PublicCatalogueResponse {
    const header = this.config.TRUSTED_COUNTRY_HEADER;
    let detected: DetectedCountry = header ? countryFromHeader(req.headers[header]) : null;
    detected ??= countryFromIp(req.ip);
    res.setHeader('Cache-Control', 'private, no-store');
    return publicCatalogue(detected, this.contacts);
  }

  /** The syllabus dialog's illustration of a course, drawn from its catalogue entry. */
  @Get(':id/image.svg')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  image(@Param('id') id: string): string {
    const course = catalogueCourse(id);
    if (!course) throw new NotFoundException('Course not found');
    return courseImageSvg(course);
  }
}
