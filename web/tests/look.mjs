// Not a test: plays a whole match of every game in the browser as a person would (clicking what
// is lit up, answering menus, closing round summaries) and takes screenshots along the way, at
// a desktop's and a phone's size, in French and English, for a person to look at.
// Usage: TAPIS_URL=http://127.0.0.1:PORT node look.mjs OUTDIR [every] [game...]
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const base = process.env.TAPIS_URL;
const out = process.argv[2] || '/tmp/shots';
const every = Number(process.argv[3] || 15);
const only = process.argv.slice(4);
mkdirSync(out, { recursive: true });
const games = [
  ['nantais', 3, ['human', 'bot:medium', 'bot:medium'], { rounds_to_win: 1 }],
  ['nurmut', 3, ['human', 'bot:medium', 'bot:medium'], { rounds: 2 }],
  ['gum', 3, ['human', 'bot:medium', 'bot:medium'], {}],
  ['nainjaune', 4, ['human', 'bot:medium', 'bot:medium', 'bot:medium'], { rounds: 2 }],
  ['njet', 4, ['human', 'bot:medium', 'bot:medium', 'bot:medium'], { rounds: 2 }],
  ['crazyeights', 3, ['human', 'bot:medium', 'bot:medium'], {}],
].filter(([g]) => !only.length || only.includes(g));
const sizes = [['desktop', { width: 1366, height: 768 }, 'fr-FR'], ['phone', { width: 390, height: 844 }, 'en-GB']];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [game, players, seats, options] of games) {
  for (const [size, viewport, locale] of sizes) {
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    const created = await (await fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game, players, seats, options, bot_delay_ms: 300 }) })).json();
    await page.goto(`${base}/r/${created.room}`);
    await page.locator('#join-name').fill(locale === 'fr-FR' ? 'Alice' : 'Ann');
    await page.locator('form.join button[type=submit]').click();
    await page.waitForSelector('main.table-page');
    let moves = 0;
    let rounds = 0;
    for (let i = 0; i < 4000; i++) {
      await page.waitForTimeout(120);
      if (await page.locator('.dialog [data-result="winners"]').isVisible()) break;
      const round = page.locator('[data-close="round"]');
      if (await round.isVisible()) {
        rounds += 1;
        if (rounds <= 2) await page.screenshot({ path: `${out}/${game}-${size}-round${rounds}.png` });
        await round.click();
        continue;
      }
      const c = page.locator('main .playable, main .actions button[data-action]');
      const n = await c.count();
      if (!n) continue;
      try { await c.nth(Math.floor(Math.random() * n)).click({ timeout: 2000 }); } catch { continue; }
      const menu = page.locator('.menu button[data-action]');
      if (await menu.count()) await menu.nth(Math.floor(Math.random() * (await menu.count()))).click().catch(() => {});
      moves += 1;
      if (moves % every === 0) await page.screenshot({ path: `${out}/${game}-${size}-${String(moves).padStart(3, '0')}.png` });
    }
    await page.screenshot({ path: `${out}/${game}-${size}-end.png` });
    console.log(game, size, 'moves', moves, 'rounds', rounds, 'over', await page.locator('.dialog [data-result="winners"]').isVisible());
    await context.close();
  }
}
await browser.close();
