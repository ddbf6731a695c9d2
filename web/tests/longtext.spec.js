// A newcomer's check: on a phone, a chat line of 500 characters with no space and a name of 32
// characters keep the page as wide as the screen.
import { test, expect } from '@playwright/test';
import { base, createRoom, joinByLink } from './helpers.js';

test('a long unbroken chat line and a long name keep the phone page its width', async ({ browser, request }) => {
  const room = await createRoom(request, 'nurmut', 2, ['human', 'bot:easy'], { rounds: 1 }, { bot_delay_ms: 60_000 });
  const page = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 360, height: 740 } })).newPage();
  const name = 'W'.repeat(32);
  await joinByLink(page, room, name);
  await page.locator('[data-tab="chat"]').click();
  const line = 'x'.repeat(500);
  await page.locator('#chat-text').fill(line);
  await page.locator('form.chat-form button[type=submit]').click();
  await expect(page.locator('ol.chat li').last()).toContainText(line);
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(width.page).toBeLessThanOrEqual(width.screen);
  // The name is shown whole, wrapped as needed.
  await expect(page.locator('ol.chat li b').last()).toContainText(name);
});

test('on a phone, every game’s create form keeps the page its width with the variants open', async ({ browser }) => {
  // A phone as a phone browser lays it out (`isMobile`): the page grows to its widest content.
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  const page = await (await browser.newContext({ locale: 'fr-FR', ...phone })).newPage();
  await page.goto(base());
  await expect(page.locator('.game-tile').first()).toBeVisible();
  const games = await page.locator('.game-tile').evaluateAll((tiles) => tiles.map((t) => t.dataset.game));
  expect(games.length).toBeGreaterThanOrEqual(6);
  for (const game of games) {
    await page.goto(base());
    await page.locator(`.game-tile[data-game="${game}"]`).click();
    await page.locator('details.options summary').click();
    await expect(page.locator('details.options')).toHaveAttribute('open', '');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, game).toBeLessThanOrEqual(390);
  }
});
