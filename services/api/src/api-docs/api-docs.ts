import type { INestApplication } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_PREFIX, openApiDocument } from '@academy/backend';

export const API_DOCS_PATH = `${API_PREFIX}/docs`;
export const OPENAPI_JSON_PATH = `${API_DOCS_PATH}/openapi.json`;

/**
 * Serves /api/docs (Swagger UI) and /api/docs/openapi.json: the document generated from the routes'
 * zod contracts (libs/backend http/openapi). Call once every controller is mapped (after create()).
 */
export function mountApiDocs(app: INestApplication): OpenAPIObject {
  const doc = openApiDocument(app, API_PREFIX);
  SwaggerModule.setup(API_DOCS_PATH, app, doc, { jsonDocumentUrl: OPENAPI_JSON_PATH });
  return doc;
}
