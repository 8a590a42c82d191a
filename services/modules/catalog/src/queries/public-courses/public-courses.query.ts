import type { IncomingHttpHeaders } from 'node:http';
import { Query } from '@nestjs/cqrs';
import type { PublicCatalogueResponse } from '@academy/contracts';

/** The landing page's catalogue, priced for the country the visitor is in (told by the request's headers or address). */
export class PublicCourses extends Query<PublicCatalogueResponse> {
  constructor(
    readonly headers: IncomingHttpHeaders,
    readonly ip: string | undefined,
  ) {
    super();
  }
}
