// The stage of the grading browser suites: the built API and worker, with github.com routed to a local
// git server and mail to a catcher, a teaching world (seedTeachingWorld), and one browser each for the
// student and the teacher. stop() ends all of it, whatever failed to start.
import { type RunningApi, startApi } from './api-process.js';
import { type BrowserSession, launchBrowser, type TrackedPage } from './browser.js';
import { startGitServer, type TestGitServer } from './git-server.js';
import { startSmtpCatcher, type TestSmtpCatcher } from './smtp.js';
import { seedTeachingWorld, type TeachingWorld } from './teaching-world.js';

export interface TeachingStage {
  api: RunningApi;
  git: TestGitServer;
  smtp: TestSmtpCatcher;
  world: TeachingWorld;
  studentPage: TrackedPage;
  teacherPage: TrackedPage;
  stop(): Promise<void>;
}

export async function startTeachingStage(): Promise<TeachingStage> {
  const [git, smtp] = await Promise.all([startGitServer(), startSmtpCatcher()]);
  const browsers: BrowserSession[] = [];
  let api: RunningApi | undefined;
  const stop = async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
    await api?.stop();
    await git.close();
    await smtp.stop();
  };
  try {
    const started = await Promise.all([startApi({ withWorker: true, env: { PUBLIC_URL: 'http://academy.test', SMTP_URL: smtp.url, OUTGOING_TEST_HOSTS: git.routeFor('github.com') } }), launchBrowser(), launchBrowser()]);
    api = started[0];
    browsers.push(started[1], started[2]);
    const [studentPage, teacherPage] = await Promise.all(browsers.map((b) => b.newPage()));
    const world = await seedTeachingWorld(api.url, smtp);
    return { api, git, smtp, world, studentPage, teacherPage, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
