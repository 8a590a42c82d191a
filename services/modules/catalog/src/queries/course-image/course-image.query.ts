import { Query } from '@nestjs/cqrs';

/** The syllabus dialog's illustration of a catalogue course, as SVG text. */
export class CourseImage extends Query<string> {
  constructor(readonly courseId: string) {
    super();
  }
}
