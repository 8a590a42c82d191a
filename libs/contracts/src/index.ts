// The contracts, split by kind so that no file mixes them (issue 14):
// http/     request/response schemas of each context's API;
// events/   the events a context publishes to the others (schemas, types, versions);
// copy/     UI texts and labels the browser and the API share;
// queries/  the in-process query one context asks another (QueryBus).
// Everything is re-exported here: import from '@academy/contracts'.
export * from './text.js';
export * from './time.js';
export * from './http/platform.js';
export * from './http/identity.js';
export * from './copy/identity.js';
export * from './events/identity.js';
export * from './http/catalog.js';
export * from './copy/catalog.js';
export * from './events/catalog.js';
export * from './http/enrollment.js';
export * from './copy/enrollment.js';
export * from './events/enrollment.js';
export * from './http/admissions.js';
export * from './copy/admissions.js';
export * from './events/admissions.js';
export * from './events/account-from-application.js';
export * from './copy/account-from-application.js';
export * from './queries/identity.js';
export * from './http/learning.js';
export * from './copy/learning.js';
export * from './events/learning.js';
export * from './http/grading.js';
export * from './copy/grading.js';
export * from './events/grading.js';
export * from './http/notifications.js';
export * from './http/audit.js';
export * from './copy/notifications.js';
export * from './events/notifications.js';
export * from './copy/public-site.js';
export * from './copy/course-icons.js';
export * from './http/public-site.js';
export * from './events/published-event.js';
export * from './events/registry.js';
