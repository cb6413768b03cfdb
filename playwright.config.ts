import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, TEST_CHROMIUM } from './tests/chromium';

/** A port the system has free right now: a fixed one may be taken on the machine that runs the tests. */
const freePort = () =>
  execFileSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  );
// Workers load this file again and inherit the port through the environment.
const PORT = Number((process.env.E2E_PORT ||= freePort()));
// Every run starts on an empty database of its own, never the owner's data/blog.db. Workers load
// this file again and inherit the folder through the environment, so tests can reach its files.
const DATA_DIR = (process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'blog-e2e-')));
const DATABASE_URL = `file:${join(DATA_DIR, 'blog.db')}`;
// The suite's own SMTP server (tests/e2e/mailSetup.ts) listens here; the site sends its mail to it.
let smtpPort = process.env.E2E_SMTP_PORT || freePort();
while (smtpPort === String(PORT)) smtpPort = freePort();
const SMTP_PORT = Number((process.env.E2E_SMTP_PORT = smtpPort));

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/mailSetup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Three files at a time: much of a browser test is waiting (on a page, a build, a timer), so three
  // share two cores well. The tests of one file run in order on one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // A trace records every step of every test, and a third of the suite's processor time went on
    // it: a test that fails is run again with one (CI retries once; locally, `--trace=on`).
    trace: 'on-first-retry',
    // Requests the offline worker answers never reach page.route(), which many tests rely on. The
    // worker's own tests (offline.spec.ts) open their contexts with it allowed.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: TEST_CHROMIUM, args: CHROMIUM_FLAGS },
      },
    },
  ],
  // The production server on the built site; `npm test` builds first.
  webServer: {
    command: 'node src/server/http/main.ts',
    url: `http://127.0.0.1:${PORT}/home`,
    // TRUST_PROXY lets tests that create accounts through the API act from distinct addresses.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL,
      UPLOAD_DIR: join(DATA_DIR, 'uploads'),
      MUSIC_DIR: join(DATA_DIR, 'music'),
      LICENSE_KEY_DIR: DATA_DIR,
      TRUST_PROXY: 'loopback',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: '小咸鱼的博客 <blog@example.com>',
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
