// Not a test: writes the screenshots under docs/screenshots/ that docs/browser.md shows. Every
// game's table mid-match and the home page, at 1366×768 and 390×844, in French and in English, from
// seeded tables and seeded clicks, so that the French and English pictures of a game show the same
// moment and a run on another day shows it again. Starts its own `tapis serve` as the tests do
// (web/tests/server.js), from the build of the tests' profile, which embeds the page's files.
// Usage (from web/tests, after `cargo build --profile checked -p tapis` and `npm ci`):
//   node screenshots.mjs [home | game...]
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import startServer from './server.js';
import { playMoves, screenshots } from './helpers.js';

// The table, and how many of the person's moves to play before the picture: enough for the
// table to show its game (cards laid, runs on the board, tricks won), not so many that it ends;
// and a move to make at once when offered (Battle GUM's swaps before play would fill the moves).
const GAMES = [
  ['nantais', 3, ['human', 'bot:medium', 'bot:medium'], { rounds_to_win: 1 }, 6],
  ['nurmut', 3, ['human', 'bot:medium', 'bot:medium'], { rounds: 2 }, 8],
  ['gum', 3, ['human', 'bot:medium', 'bot:medium'], { games: 1 }, 8, '[data-action="ready"]'],
  ['nainjaune', 4, ['human', 'bot:medium', 'bot:medium', 'bot:medium'], { rounds: 1 }, 4],
  ['njet', 4, ['human', 'bot:medium', 'bot:medium', 'bot:medium'], { rounds: 2 }, 12],
  ['crazyeights', 3, ['human', 'bot:medium', 'bot:medium'], {}, 5],
];
const SIZES = [['desktop', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]];
const LANGS = [['fr', 'fr-FR', 'Alice'], ['en', 'en-GB', 'Ann']];

const only = process.argv.slice(2);
const stop = await startServer();
const base = process.env.TAPIS_URL;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
mkdirSync(screenshots, { recursive: true });
const written = [];
try {
  for (const [size, viewport] of SIZES) {
    for (const [code, locale] of LANGS) {
      const context = await browser.newContext({ viewport, locale, reducedMotion: 'reduce' });
      const page = await context.newPage();
      if (!only.length || only.includes('home')) {
        await page.goto(base);
        await page.waitForSelector('.game-tile .game-picture svg');
        written.push(await shot(page, `home-${size}-${code}`));
      }
      await context.close();
    }
  }
  for (const [game, players, seats, options, moves, first] of GAMES.filter(([g]) => !only.length || only.includes(g))) {
    for (const [size, viewport] of SIZES) {
      for (const [code, locale, name] of LANGS) {
        const context = await browser.newContext({ viewport, locale, reducedMotion: 'reduce' });
        const page = await context.newPage();
        const created = await (await fetch(`${base}/api/rooms`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ game, players, seats, options, seed: 7, bot_delay_ms: 0 }),
        })).json();
        await page.goto(`${base}/r/${created.room}`);
        await page.locator('#join-name').fill(name);
        await page.locator('form.join button[type=submit]').click();
        await page.waitForSelector('main.table-page');
        await playMoves(page, moves, { first });
        await page.mouse.move(0, 0);
        await page.evaluate(() => window.scrollTo(0, 0));
        written.push(await shot(page, `${game}-${size}-${code}`));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await stop();
}
console.log(`wrote ${written.length} screenshots:\n${written.join('\n')}`);

async function shot(page, name) {
  const path = join(screenshots, `${name}.png`);
  // A card lit up rises in a tenth of a second (style.css's transition), even with reduced
  // motion: the picture waits for every transition that ends, so that two runs show the same
  // pixels.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => {}))));
  await page.screenshot({ path });
  return path;
}
