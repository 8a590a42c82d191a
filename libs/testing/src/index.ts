export { createTestDatabase, type TestDatabase } from './database.js';
export { testRedisUrl, uniquePrefix } from './redis.js';
export { academyCli, apiCaller, freePort, startApi, spawnService, stopProcess, repoRoot, type ApiAnswer, type RunningApi } from './api-process.js';
export { launchBrowser, openDashboardMenu, signInThroughUi, statFigure, waitForToast, type BrowserSession, type TrackedPage } from './browser.js';
export { startSmtpCatcher, type TestSmtpCatcher, type CaughtMail } from './smtp.js';
export { until, untilValue } from './until.js';
export { validValue, validBody, hostileBody, HOSTILE_STRINGS, type ArbitraryOptions } from './zod-arbitrary.js';
