// What benchmarks and tests share. Nothing here may import jest (the benchmarks run without it): the
// jest-only kits are subpaths, '@academy/testing/decider' and '@academy/testing/projection'.
export { createTestDatabase, type TestDatabase } from './database.js';
export { testRedisUrl, uniquePrefix } from './redis.js';
export {
  academyCli,
  academyCliWith,
  expectLogReplaysEqual,
  WORKER_PROJECTIONS,
  apiCaller,
  bodyOf,
  freePort,
  outputOf,
  startApi,
  spawnService,
  spawnWorkerAndApi,
  stopProcess,
  repoRoot,
  GITHUB_DOWN,
  type ApiAnswer,
  type RunningApi,
  type SpawnedService,
} from './api-process.js';
export { launchBrowser, openDashboardMenu, signInThroughUi, statFigure, waitForToast, withSessionHint, type BrowserOptions, type BrowserSession, type TrackedPage } from './browser.js';
export { clippedProblems, overflowingBoxes, pageWidth, toastClashes } from './layout.js';
export { startGitServer, type RepoOptions, type TestGitRepo, type TestGitServer } from './git-server.js';
export { apiJson, seedTeachingWorld, type TeachingWorld, type WorldAccount } from './teaching-world.js';
export { startTeachingStage, type TeachingStage } from './teaching-stage.js';
export { startSmtpCatcher, type TestSmtpCatcher, type CaughtMail } from './smtp.js';
export { until, untilValue } from './until.js';
export { validValue, validBody, hostileBody, HOSTILE_STRINGS, type ArbitraryOptions } from './zod-arbitrary.js';
export { tableShape } from './table-shape.js';
export { readPdf, type PdfFacts } from './pdf.js';
