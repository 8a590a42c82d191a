import { Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { PublicCoursesController } from './queries/public-courses/public-courses.http.controller.js';
import { PublicCoursesHandler } from './queries/public-courses/public-courses.handler.js';
import { CourseImageController } from './queries/course-image/course-image.http.controller.js';
import { CourseImageHandler } from './queries/course-image/course-image.handler.js';

/** The landing page's catalogue of courses (public-catalogue/): static data, no read model, no sign-in. Imported by CatalogModule. */
@ApiTag('public site', 'The public catalogue of courses the landing page shows.')
@Module({
  controllers: [PublicCoursesController, CourseImageController],
  providers: [PublicCoursesHandler, CourseImageHandler],
})
export class PublicSiteModule {}
