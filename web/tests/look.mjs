// Not a test: takes screenshots of every game mid-match at two sizes and in two languages, for
// a person to look at. Usage: TAPIS_URL=http://127.0.0.1:PORT node look.mjs OUTDIR [moves]
import { chromium } from '@playwright/test';

const base = process.env.TAPIS_URL;
const out = process.argv[2] || '/tmp/shots';
const steps = Number(process.argv[3] || 12);
const games = [
  ['nantais', 3, ['human', 'bot:easy', 'bot:easy'], { rounds_to_win: 1 }],
  ['nurmut', 3, ['human', 'bot:easy', 'bot:easy'], { rounds: 1 }],
  ['gum', 3, ['human', 'bot:easy', 'bot:easy'], {}],
  ['nainjaune', 4, ['human', 'bot:easy', 'bot:easy', 'bot:easy'], { rounds: 1 }],
  ['njet', 4, ['human', 'bot:easy', 'bot:easy', 'bot:easy'], { rounds: 1 }],
  ['crazyeights', 3, ['human', 'bot:easy', 'bot:easy'], {}],
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [game, players, seats, options] of games) {
  for (const [size, viewport] of [['desktop', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
    for (const locale of ['fr-FR', 'en-GB']) {
      const context = await browser.newContext({ viewport, locale });
      const page = await context.newPage();
      const created = await (await fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game, players, seats, options, bot_delay_ms: 0, seed: 17 }) })).json();
      await page.goto(`${base}/r/${created.room}`);
      await page.locator('#join-name').fill(locale === 'fr-FR' ? 'Alice' : 'Ann');
      await page.locator('form.join button[type=submit]').click();
      await page.waitForSelector('main.table-page');
      let made = 0;
      for (let i = 0; i < 200 && made < steps; i++) {
        await page.waitForTimeout(150);
        const round = page.locator('[data-close="round"]');
        if (await round.isVisible()) { await round.click(); continue; }
        const c = page.locator('main .playable, main .actions button[data-action]');
        const n = await c.count();
        if (!n) continue;
        try { await c.nth((i * 7) % n).click({ timeout: 2000 }); } catch { continue; }
        const menu = page.locator('.menu button[data-action]');
        if (await menu.count()) await menu.first().click();
        made += 1;
      }
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}/${game}-${size}-${locale.slice(0, 2)}.png` });
      await context.close();
    }
  }
}
await browser.close();
