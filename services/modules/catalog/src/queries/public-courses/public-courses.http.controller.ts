import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DispatchingController, Public, Answers } from '@academy/backend';
import { PublicCourses } from './public-courses.query.js';
import { publicCatalogueResponseSchema } from '@academy/contracts';

@Public()
@Controller('public/courses')
export class PublicCoursesController extends DispatchingController {
  /** The landing page's catalogue priced for the visitor's country. The answer depends on who asks, so no shared cache may keep it. */
  @Get()
  @Answers(200, publicCatalogueResponseSchema)
  list(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'private, no-store');
    return this.dispatch.query(new PublicCourses(req.headers, req.ip));
  }
}
