export * from './platform.js';
export * from './identity.js';
export * from './catalog.js';
export * from './enrollment.js';
export * from './admissions.js';
export * from './notifications.js';
export * from './public-site-texts.js';
export * from './public-site.js';
