// A newcomer's check: on a phone, a chat line of 500 characters with no space and a name of 32
// characters keep the page as wide as the screen.
import { test, expect } from '@playwright/test';
import { createRoom, joinByLink } from './helpers.js';

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
