// The shell, through a game without a drawing of its own (Crazy Eights): a room made with the
// home page's form, a whole match against a bot by clicking, the results, the replay.
import { test, expect } from '@playwright/test';
import { base, createRoom, joinByLink, playToEnd, shoot } from './helpers.js';

test('a newcomer creates a table from the home page and plays a whole match against a bot', async ({ page }) => {
  await page.goto(base());
  await expect(page.locator('h1')).toHaveText('Jouer aux cartes ensemble');
  await page.locator('.game-tile[data-game="crazyeights"]').click();
  await page.locator('#name').fill('Alice');
  await page.locator('#players').selectOption('2');
  await page.locator('[data-seat="1"]').selectOption('bot:easy');
  await page.locator('form.create button[type=submit]').click();
  await expect(page).toHaveURL(/\/r\/[^/]+$/);
  await expect(page.locator('main.table-page')).toBeVisible();
  await expect(page.locator('main.table-page')).toHaveAttribute('data-seat', '0');
  const moves = await playToEnd(page, { seed: 7 });
  expect(moves).toBeGreaterThan(0);
  const result = page.locator('.dialog [data-result="winners"]');
  await expect(result).toBeVisible();
  const headline = await result.textContent();

  // The replay steps to the end and shows the same winners.
  await page.locator('[data-do="replay"]').click();
  await expect(page).toHaveURL(/\/replay$/);
  await page.locator('[data-step="last"]').click();
  await expect(page.locator('.replay-result')).toBeVisible();
  await page.locator('[data-step="back"]').click();
  await expect(page.locator('.replay-result')).toBeHidden();
  await page.locator('[data-step="forward"]').click();
  const winners = await page.locator('.replay-result').textContent();
  if (headline.includes('Vous avez gagné')) expect(winners).toContain('vous');
  else expect(winners).toContain(headline.split(': ')[1].split(',')[0]);
});

test('the home page in both languages, at desktop and phone width', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(base());
  await expect(page.locator('.game-tile')).toHaveCount(6);
  await expect(page.locator('.game-tile .game-picture svg').first()).toBeVisible();
  await shoot(page, 'home-desktop');
  // The switch changes every word at once, and is remembered.
  await page.locator('.lang-switch').click();
  await expect(page.locator('h1')).toHaveText('Play cards together');
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Play cards together');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('.game-tile[data-game="njet"]').click();
  await expect(page.locator('form.create h2')).toHaveText('Njet!');
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.locator('.lang-switch').click();
  await expect(page.locator('h1')).toHaveText('Jouer aux cartes ensemble');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'home-phone');
});

test('a wrong or missing room, and a form without a name, are told plainly', async ({ page }) => {
  await page.goto(`${base()}/r/nosuchroom`);
  await expect(page.locator('.error')).toHaveText('ce salon n’existe pas');
  await page.goto(base());
  await page.locator('.game-tile[data-game="nantais"]').click();
  await page.locator('#name').fill('   ');
  await page.locator('form.create button[type=submit]').click();
  await expect(page.locator('form.create .error')).toHaveText('Donnez votre nom.');
  await expect(page).toHaveURL(`${base()}/`);
});

test('rule variants are chosen in words, and whoever opens the invite link sees them', async ({ page, browser }) => {
  await page.goto(base());
  await page.locator('.game-tile[data-game="nantais"]').click();
  await page.locator('#name').fill('Alice');
  await page.locator('#players').selectOption('2');
  await page.locator('[data-seat="1"]').selectOption('human');
  await page.locator('details.options summary').click();
  const mode = page.locator('#opt-queen_swap_mode');
  await expect(mode.locator('option')).toHaveText(['prendre une carte au hasard', 'demander une carte précise', 'l’adversaire choisit la carte']);
  await mode.selectOption({ label: 'demander une carte précise' });
  await page.locator('#opt-queen_swap').check();
  await page.locator('form.create button[type=submit]').click();
  await expect(page).toHaveURL(/\/r\/[^/]+$/);
  const code = page.url().split('/r/')[1];
  const info = await (await page.request.get(`${base()}/api/rooms/${code}`)).json();
  expect(info.options.queen_swap_mode).toBe('named');
  expect(info.options.queen_swap).toBe(true);

  // Bob, in English, sees the table's rules before he sits down, and again in the rules tab.
  const context = await browser.newContext({ locale: 'en-GB' });
  const bob = await context.newPage();
  await bob.goto(`${base()}/r/${code}`);
  const variants = bob.locator('.variants li');
  await expect(variants).toHaveCount(2);
  await expect(variants.nth(0)).toHaveText(/^optional rule Dame: .*: yes$/);
  await expect(variants.nth(1)).toHaveText('Dame: take a random card, ask for a named card, or let the target choose: ask for a named card');
  await bob.locator('#join-name').fill('Bob');
  await bob.locator('form.join button[type=submit]').click();
  await expect(bob.locator('main.table-page')).toBeVisible();
  await bob.locator('[data-tab="rules"]').click();
  await expect(bob.locator('.side .variants li')).toHaveCount(2);
  await expect(bob.locator('.side .variants li strong').nth(1)).toHaveText('ask for a named card');
  await context.close();

  // A table with the usual rules says so.
  await page.goto(base());
  await page.locator('.game-tile[data-game="njet"]').click();
  await page.locator('#name').fill('Alice');
  await page.locator('[data-seat="1"]').selectOption('human');
  await page.locator('form.create button[type=submit]').click();
  await expect(page.locator('main.table-page')).toBeVisible();
  await page.locator('[data-tab="rules"]').click();
  await expect(page.locator('.side .variants')).toContainText('Les règles habituelles, sans variante.');
});

test('after a rematch, the earlier match can still be watched again', async ({ page, request }) => {
  const code = await createRoom(request, 'crazyeights', 2, ['human', 'bot:easy']);
  await joinByLink(page, code, 'Alice');
  await playToEnd(page, { seed: 3 });
  await page.locator('[data-do="rematch"]').click();
  await expect(page.locator('main.table-page')).toHaveAttribute('data-match', '2');
  await playToEnd(page, { seed: 4 });
  // The results of the second match offer the first one's replay too.
  await expect(page.locator('.dialog [data-do="replay"]')).toHaveAttribute('href', `/r/${code}/replay`);
  await page.locator('.dialog p.earlier a[data-match="1"]').click();
  await expect(page).toHaveURL(`${base()}/r/${code}/replay?match=1`);
  await expect(page.locator('nav.matches [aria-current="page"]')).toHaveText('1');
  await expect(page.locator('main.replay h1')).toContainText('Revoir la partie 1');
  await page.locator('[data-step="last"]').click();
  await expect(page.locator('.replay-result')).toBeVisible();
  const first = await page.locator('.replay-pos').getAttribute('data-pos');
  // And from there to the second.
  await page.locator('nav.matches a[data-match="2"]').click();
  await expect(page).toHaveURL(`${base()}/r/${code}/replay?match=2`);
  await expect(page.locator('nav.matches [aria-current="page"]')).toHaveText('2');
  await page.locator('[data-step="last"]').click();
  await expect(page.locator('.replay-result')).toBeVisible();
  const record = await (await request.get(`${base()}/api/rooms/${code}/record?match=1`)).json();
  expect(Number(first)).toBe(record.actions.length);
});
