import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { REFRESH_COOKIE } from '@academy/contracts';
import { API_PREFIX, openApiDocument } from '@academy/backend';

export const API_DOCS_PATH = `${API_PREFIX}/docs`;
export const OPENAPI_JSON_PATH = `${API_DOCS_PATH}/openapi.json`;

/**
 * Serves /api/docs (Swagger UI) and /api/docs/openapi.json: the document generated from the routes'
 * zod contracts (libs/backend http/openapi). Call once every controller is mapped (after create()).
 */
export function mountApiDocs(app: INestApplication): OpenAPIObject {
  const doc = openApiDocument(app, API_PREFIX, documentHead());
  SwaggerModule.setup(API_DOCS_PATH, app, doc, { jsonDocumentUrl: OPENAPI_JSON_PATH });
  return doc;
}

/** The document's head: what no route says (title, servers, how callers authenticate). */
function documentHead(): Omit<OpenAPIObject, 'paths'> {
  return new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Academy API')
    .setDescription(
      'Learning-management platform of the academy. Every payload is a libs/contracts zod schema; a bad input is a 400 naming its fields. ' +
        'Sign in with POST /api/auth/sign-in: its accessToken is the bearer token; the refresh token travels only in the academy_refresh cookie.',
    )
    .setVersion('0.1.0')
    .setLicense('MIT', 'https://opensource.org/license/mit')
    .addServer('/', 'The origin that serves the API')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The accessToken of a session (sign-in or refresh).' }, 'bearer')
    .addCookieAuth(REFRESH_COOKIE, { type: 'apiKey', in: 'cookie', description: 'The rotating refresh token (HttpOnly), set by sign-in and refresh.' }, 'refreshCookie')
    .build();
}
