import { NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { courseImageSvg } from '../../public-catalogue/course-image.js';
import { catalogueCourse } from '../../public-catalogue/public-catalogue.js';
import { CourseImage } from './course-image.query.js';

/** Drawn from the course's catalogue entry. */
@QueryHandler(CourseImage)
export class CourseImageHandler implements IQueryHandler<CourseImage> {
  async execute({ courseId }: CourseImage) {
    const course = catalogueCourse(courseId);
    if (!course) throw new NotFoundException('Course not found');
    return courseImageSvg(course);
  }
}
