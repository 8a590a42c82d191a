import { createHash } from 'node:crypto';
import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DispatchingController, Public, Answers } from '@academy/backend';
import { CourseImage } from './course-image.query.js';

@Public()
@Controller('public/courses')
export class CourseImageController extends DispatchingController {
  /** The syllabus dialog's illustration of a course. */
  @Get(':id/image.svg')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  @Answers(200, undefined, { contentType: 'image/svg+xml', description: "The course's card image (SVG)." })
  async image(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const svg = await this.dispatch.query(new CourseImage(id));
    // Cached a day, then revalidated: its own validator (the platform computes none, platform.module.ts);
    // Express answers 304 to a matching If-None-Match.
    res.setHeader('ETag', `W/"${createHash('sha1').update(svg).digest('base64url')}"`);
    return svg;
  }
}
