export * from './platform.js';
export * from './identity.js';
