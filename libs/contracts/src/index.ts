export * from './platform.js';
export * from './identity.js';
export * from './catalog.js';
export * from './enrollment.js';
export * from './learning.js';
export * from './grading.js';
export * from './notifications.js';
