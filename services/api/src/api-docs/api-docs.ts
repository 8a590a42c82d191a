import type { INestApplication } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_PREFIX, openApiDocument } from '@academy/backend';

export const API_DOCS_PATH = `${API_PREFIX}/docs`;
export const OPENAPI_JSON_PATH = `${API_DOCS_PATH}/openapi.json`;

/** The @ApiTags of the contexts' controllers (a tag without a description is a lint warning in the OpenAPI test). */
const TAGS: Record<string, string> = {
  identity: 'Accounts, sign-in and sessions, profiles, user and student administration, notification preferences.',
  catalog: 'Programs, subjects and teacher assignments.',
  enrollment: 'Enrollments of students in programs and subjects, their status and CSV imports.',
  learning: 'Weeks with their tasks and capstones, and the lessons students see.',
  grading: 'Submissions of tasks and capstones, grades, progress and the dashboards built on them.',
  announcements: "Posts to a teacher's subjects, a program, the staff or everyone: pinned on dashboards, in the bell and mailed.",
  admissions: 'Applications and quick contacts from the public site, and their pipeline.',
  notifications: "The in-app notifications of the signed-in user (the bell).",
  audit: "The auditors' questions to the event log: its chain, events (personal fields masked without a grant), whole-chain verifications and signed checkpoints.",
  queues: "The admins' view of the worker's job queues (mail, system, audit): counts, failed jobs and their retry.",
  platform: 'Health, the Module Federation manifest and reports from the shell.',
  'public site': 'The public catalogue of courses the landing page shows.',
};

/**
 * Serves /api/docs (Swagger UI) and /api/docs/openapi.json: the document generated from the routes'
 * zod contracts (libs/backend http/openapi). Call once every controller is mapped (after create()).
 */
export function mountApiDocs(app: INestApplication): OpenAPIObject {
  const doc = openApiDocument(app, API_PREFIX, TAGS);
  SwaggerModule.setup(API_DOCS_PATH, app, doc, { jsonDocumentUrl: OPENAPI_JSON_PATH });
  return doc;
}
