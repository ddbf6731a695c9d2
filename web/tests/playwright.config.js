// The browser tests: a real Chromium (Debian's package, never a downloaded one) against a real
// `tapis serve` started for the run on a free port with its own data folder.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.js/,
  globalSetup: './server.js',
  timeout: 8 * 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
    },
    locale: 'fr-FR',
    // Cards stand still for the tests that click through whole matches (a moving card is clicked
    // only once it stops) and for the screenshots; the tests of motion and of the chat under
    // updates ask for it.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
