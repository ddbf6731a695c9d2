// Crazy Eights in the browser: a whole match against bots by clicking, screenshots mid-match at
// desktop and phone width, and the four suit buttons after an 8 on a hand-made deal.
import { test, expect } from '@playwright/test';
import { createRoom, joinByLink, playToEnd, shoot } from './helpers.js';

test('a person plays a whole match of Crazy Eights against two bots', async ({ page, request }) => {
  const room = await createRoom(request, 'crazyeights', 3, ['human', 'bot:easy', 'bot:easy'],
    { use_special_cards: true, max_turns: 40 }, { seed: 3 });
  await joinByLink(page, room, 'Alice');
  await expect(page.locator('.game-crazyeights .c8-hand [data-card]')).toHaveCount(5);
  await expect(page.locator('.game-crazyeights [data-pile="discard"] .c8-top[data-card]')).toBeVisible();
  await expect(page.locator('.game-crazyeights .c8-opp')).toHaveCount(2);
  const moves = await playToEnd(page, { seed: 4 });
  expect(moves).toBeGreaterThan(0);
  await expect(page.locator('.dialog [data-result="winners"]')).toBeVisible();

  await page.locator('[data-do="replay"]').click();
  await expect(page).toHaveURL(/\/replay$/);
  await page.locator('[data-step="forward"]').click();
  await expect(page.locator('.game-crazyeights .c8-faces[data-hand="1"] [data-card]').first()).toBeVisible();
  await expect(page.locator('.game-crazyeights .playable')).toHaveCount(0);
});

for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
  test(`the table mid-match, ${label}`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const room = await createRoom(request, 'crazyeights', 4, ['human', 'bot:easy', 'bot:medium', 'bot:easy'],
      { use_special_cards: true, max_turns: 60 }, { seed: 3 });
    await joinByLink(page, room, 'Alice');
    let shot = false;
    await playToEnd(page, {
      seed: 2,
      onMove: async (moves) => {
        if (shot || moves < 4) return;
        await page.locator('.game-crazyeights').scrollIntoViewIfNeeded();
        await shoot(page, `crazyeights-${label}`);
        shot = true;
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      },
    });
    expect(shot).toBe(true);
  });
}

test('an 8 names the suit to follow with four suit buttons', async ({ page, request }) => {
  // Dealt by hand (OpenSpiel's chance outcomes): seat 0 holds the 8♠ and is first to play on the K♥.
  const room = await createRoom(request, 'crazyeights', 2, ['human', 'bot:easy'], {}, {
    seed: 3, bot_delay_ms: 60_000,
    deal: { dealer: 1, chance: ['8S', '3D', '3C', '4D', '4C', '5D', '5C', '6D', '6C', '7D', '7C', '9D', '9C', 'TD', 'KH'] },
  });
  await joinByLink(page, room, 'Alice');
  await expect(page.locator('.game-crazyeights [data-info="suit"]')).toHaveAttribute('data-suit', 'H');
  await page.locator('.c8-hand [data-card="8S"].playable').click();
  const suits = page.locator('[data-choice="suit"] .c8-choice.playable');
  await expect(suits).toHaveCount(4);
  await expect(page.locator('[data-choice="suit"] svg')).toHaveCount(4);
  await page.locator('[data-choice="suit"] [data-suit="D"]').click();
  await expect(page.locator('.game-crazyeights [data-info="suit"]')).toHaveAttribute('data-suit', 'D');
  await expect(page.locator('.game-crazyeights [data-info="suit"]')).toContainText('Couleur demandée');
  await expect(page.locator('.game-crazyeights [data-info="suit"]')).toContainText('carreau');
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });
  test('the words follow the reader', async ({ page, request }) => {
    const room = await createRoom(request, 'crazyeights', 2, ['human', 'bot:easy'], {}, { seed: 3, bot_delay_ms: 60_000 });
    await joinByLink(page, room, 'Alice');
    await expect(page.locator('.c8-mine-head')).toContainText('Your hand');
    await expect(page.locator('.c8-mine-head')).toContainText('7 cards');
    await expect(page.locator('.game-crazyeights [data-info="played"]')).toContainText('Cards played: 0 of 100');
  });
});
