import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Dispatch, Public, Answers } from '@academy/backend';
import { CourseImage } from './course-image.query.js';

@ApiTags('public site')
@Public()
@Controller('public/courses')
export class CourseImageController {
  constructor(private readonly dispatch: Dispatch) {}

  /** The syllabus dialog's illustration of a course. */
  @Get(':id/image.svg')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  @Answers(200, undefined, { contentType: 'image/svg+xml', description: "The course's card image (SVG)." })
  image(@Param('id') id: string) {
    return this.dispatch.query(new CourseImage(id));
  }
}
