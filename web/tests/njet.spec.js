// Njet!: one person plays a whole match (one round) against bots by clicking the board's cells,
// the partner, the cards to lay aside and the cards to play; screenshots mid-match at desktop and
// phone widths; what the drawing must show (the board and its stones, the conditions, the trick,
// the teams, the cards drawn with data-card and named in the reader's language).
import { test, expect } from '@playwright/test';
import { base, createRoom, joinByLink, playToEnd, shoot } from './helpers.js';

const SEATS = ['human', 'bot:easy', 'bot:medium', 'bot:easy'];

test('a whole match of Njet! against bots, by clicking the board and the cards', async ({ page, request }) => {
  const room = await createRoom(request, 'njet', 4, SEATS, { rounds: 1 }, { seed: 3 });
  await joinByLink(page, room, 'Alice');
  const game = page.locator('.game-njet');
  await expect(game).toBeVisible();

  // The board: five rows, 4 + 3 + 4 + 5 + 4 cells, the cards of the hand drawn with data-card.
  await expect(game.locator('.njet-row')).toHaveCount(5);
  await expect(game.locator('.njet-cell')).toHaveCount(20);
  await expect(game.locator('.njet-hand .njet-card[data-card]')).toHaveCount(10);
  const label = await game.locator('.njet-hand .njet-card').first().getAttribute('aria-label');
  expect(label).toMatch(/^[1-9] (rouge|bleu|noir|vert)$/);

  let sawBoardMove = false;
  let sawPartner = false;
  let sawPlay = false;
  let shot = false;
  const moves = await playToEnd(page, {
    seed: 21,
    onMove: async () => {
      const phase = await game.locator('.njet').getAttribute('data-phase').catch(() => null);
      if (phase === 'njet' && !sawBoardMove) {
        // Stones are offered on the free cells of the board, never on a covered one.
        await expect(game.locator('.njet-cell.playable[data-action^="njet "]').first()).toBeVisible();
        await expect(game.locator('.njet-cell.covered.playable')).toHaveCount(0);
        sawBoardMove = true;
      }
      if (phase === 'partner' && !sawPartner) {
        // With this deal and these clicks the person ends up start player: the three others are
        // offered as partners on the table itself.
        await expect(game.locator('.njet-pick.playable[data-action^="partner "]')).toHaveCount(3);
        sawPartner = true;
      }
      if (phase === 'play' && !sawPlay) {
        sawPlay = true;
        await expect(game.locator('.njet-conditions [data-condition="trump"]')).toContainText(/rouge|bleu|noir|vert/);
        await expect(game.locator('.njet-team')).toHaveCount(2);
        await expect(game.locator('.njet-cell.covered .njet-stone')).toHaveCount(15);
        // The loot is called as the rulebook and the log call it: « carte Loot ».
        await expect(game.locator('.njet-team [data-loot]').first()).toHaveText(/^\d+ cartes? Loot$/);
        await expect(game.locator('.njet-team [data-tricks]').first()).toHaveText(/^\d+ plis?$/);
        await expect(game.locator('.njet-conditions [data-condition="points"]')).toHaveAttribute('title', /^\d points? par pli et par carte Loot$/);
        await expect(page.locator('main')).not.toContainText(/butin/i);
      }
      if (phase === 'play' && !shot && (await game.locator('.njet-trick:not(.last) .njet-place .njet-card').count()) >= 2) {
        shot = true;
        await shoot(page, 'njet-desktop');
        await page.setViewportSize({ width: 360, height: 740 });
        await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 360);
        // On a phone the hand stays at the screen's foot, above the prompt, from the trick at the
        // top of the page to the board at its bottom.
        for (const y of [0, 10_000]) {
          await page.evaluate((to) => window.scrollTo(0, to), y);
          const { hand, dock } = await page.evaluate(() => ({
            hand: document.querySelector('[data-own-hand]').getBoundingClientRect().toJSON(),
            dock: document.querySelector('.dock').getBoundingClientRect().toJSON(),
          }));
          expect(hand.top).toBeGreaterThanOrEqual(0);
          expect(hand.bottom).toBeLessThanOrEqual(dock.top + 1);
          expect(dock.bottom).toBeLessThanOrEqual(741);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await shoot(page, 'njet-phone');
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    },
  });
  expect(moves).toBeGreaterThan(8);
  expect(sawBoardMove).toBe(true);
  expect(sawPartner).toBe(true);
  expect(sawPlay).toBe(true);
  expect(shot).toBe(true);
  await expect(page.locator('.dialog [data-result="winners"]')).toBeVisible();
  // The match's dialog shows the last round's tricks and loot per team, as a round's dialog does.
  await expect(page.locator('.dialog [data-round-teams] tbody tr')).toHaveCount(2);
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the board, the cards and the replay speak English', async ({ page, request }) => {
    const room = await createRoom(request, 'njet', 4, SEATS, { rounds: 1 }, { seed: 3 });
    await joinByLink(page, room, 'Bob');
    const game = page.locator('.game-njet');
    await expect(game.locator('.njet-row-label').first()).toHaveText('Start player');
    const label = await game.locator('.njet-hand .njet-card').first().getAttribute('aria-label');
    expect(label).toMatch(/^(red|blue|black|green) [1-9]$/);
    let sawDiscard = false;
    let sawTeams = false;
    await playToEnd(page, {
      seed: 4,
      onMove: async () => {
        if (!sawTeams && (await game.locator('.njet').getAttribute('data-phase')) === 'play') {
          sawTeams = true;
          await expect(game.locator('.njet-team [data-loot]').first()).toHaveText(/^\d+ loot cards?$/);
          await expect(game.locator('.njet-conditions [data-condition="points"]')).toHaveAttribute('title', /^\d points? per trick and per loot card$/);
        }
        if (sawDiscard || (await game.locator('.njet').getAttribute('data-phase')) !== 'discard') return;
        // One card each is laid aside here: the cards of the hand are what one clicks.
        sawDiscard = true;
        await expect(game.locator('.njet-conditions [data-condition="discard"]')).toContainText('1 card');
        await expect(game.locator('.njet-hand .njet-card.playable[data-action^="discard "]')).toHaveCount(10);
      },
    });
    expect(sawDiscard).toBe(true);
    expect(sawTeams).toBe(true);
    await expect(page.locator('.dialog [data-result="winners"]')).toBeVisible();

    // The replay shows every hand face up with these cards, and offers nothing.
    await page.locator('[data-do="replay"]').click();
    await expect(page).toHaveURL(/\/replay$/);
    await page.locator('[data-step="first"]').click();
    for (let s = 0; s < 4; s++) await expect(page.locator(`[data-hand="${s}"] .njet-card[data-card]`)).toHaveCount(10);
    await expect(page.locator('.game-njet .playable')).toHaveCount(0);
    await page.locator('[data-step="last"]').click();
    await expect(page.locator('.game-njet .njet-cell.covered')).toHaveCount(15);
  });
});

test('a replay speaks to the seat it is seen from in the second person', async ({ page, request }) => {
  const room = await createRoom(request, 'njet', 4, ['bot:easy', 'bot:easy', 'bot:easy', 'bot:easy'], { rounds: 1 }, { seed: 3 });
  await expect.poll(async () => (await (await request.get(`${base()}/api/rooms/${room}`)).json()).phase).toBe('over');
  // No seat held on this device: the replay is seen from the first seat, « vous ».
  await page.goto(`${base()}/r/${room}/replay`);
  const pos = page.locator('.replay-pos');
  await expect(pos).toHaveAttribute('data-pos', '0');
  const last = Number((await pos.textContent()).match(/sur (\d+)/)[1]);
  const lines = new Set();
  for (let step = 0; step < last; step++) {
    // The line is drawn in the phases before the tricks.
    for (const line of await page.locator('.game-njet .njet-status').allTextContents()) lines.add(line);
    await page.locator('[data-step="forward"]').click();
    await expect(pos).toHaveAttribute('data-pos', String(step + 1));
  }
  const all = [...lines];
  expect(all.some((l) => l.endsWith('Phase Njet\u00a0: vous interdisez une option.'))).toBe(true);
  expect(all.filter((l) => /\bvous (interdit|choisit|joue)\b/.test(l))).toEqual([]);
});
