export * from './constants.js';
export * from './errors.js';
export * from './paths.js';
export * from './location.js';
export * from './whitelabel.js';
export * from './config-web.js';
export * from './health.js';
