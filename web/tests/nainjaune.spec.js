// Le Nain Jaune in the browser: one person plays a whole (one-round) match against bots by
// clicking cards, the « Sans … ! » bubble and the shell's buttons, to the results; the board, the
// run, the call and the chips are drawn; screenshots at desktop and phone width mid-match.
import { test, expect } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRoom, forcedMoves, joinByLink, playToEnd, shoot } from './helpers.js';

// Screenshots for looking only (English, the replay): out of docs/ and of the shared test-results.
const extra = (name) => join(process.env.NAINJAUNE_SHOTS || tmpdir(), `${name}.png`);

// Easy bots: the clicks test the page, not the bots, and a searching bot's moves only slow it.
const SEATS = ['human', 'bot:easy', 'bot:easy', 'bot:easy'];

async function noSideScroll(page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
}

async function checkTable(page, seats = SEATS.length) {
  const game = page.locator('section.game-nainjaune');
  await expect(game).toBeVisible();
  // The five cells of the classic board, each with its chips as a number.
  const cells = game.locator('.nj-board [data-cell]');
  await expect(cells).toHaveCount(5);
  for (const card of ['TD', 'JC', 'QS', 'KH', '7D']) {
    const cell = game.locator(`.nj-board [data-cell="${card}"]`);
    await expect(cell.locator(`[data-card="${card}"]`)).toBeVisible();
    const chips = await cell.getAttribute('data-chips');
    await expect(cell.locator('.nj-amount b')).toHaveText(chips);
  }
  // Every seat's chips.
  await expect(game.locator('.nj-seat .nj-purse')).toHaveCount(seats);
}

test('a person plays a whole match of Le Nain Jaune against bots by clicking', async ({ page, request }) => {
  const room = await createRoom(request, 'nainjaune', 4, SEATS, { rounds: 1 }, { seed: 3 });
  const forced = forcedMoves(page);
  await joinByLink(page, room, 'Alice');
  await page.setViewportSize({ width: 1280, height: 800 });
  await checkTable(page);
  // The hand is drawn card by card, sorted by rank, the legal ones offered.
  const codes = await page.locator('.nj-hand [data-card]').evaluateAll((els) => els.map((e) => e.dataset.card));
  expect(codes.length).toBe(12);
  const ranks = codes.map((c) => 'A23456789TJQK'.indexOf(c[0]));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // Seat 0 leads: every card in hand is offered as « poser … ».
  await expect(page.locator('.nj-hand .playable[data-action^="play "]')).toHaveCount(12);

  let shot = false;
  let sawRun = false;
  let ended = false;
  const counts = {};
  const moves = await playToEnd(page, {
    seed: 5,
    counts,
    onMove: async (n) => {
      if (!ended && await page.locator('.nj-runbox.ended').count()) {
        ended = true;
        await expect(page.locator('.nj-runbox.ended .nj-label')).toContainText('Suite précédente');
        await page.screenshot({ path: extra('nainjaune-ended-fr') });
      }
      if (!sawRun && await page.locator('.nj-run [data-card]').count()) {
        sawRun = true;
        await checkTable(page);
      }
      // A moment that shows the game well: the player's own run of two cards or more, the
      // « Sans … ! » bubble on offer, a board still well stocked.
      if (!shot && n >= 2 && await page.locator('.nj-bubble.playable').count() && await page.locator('.nj-run [data-card]').count() >= 2
        && Number(await page.locator('.nj-board-total').getAttribute('data-total')) >= 40) {
        shot = true;
        await expect(page.locator('.nj-bubble.playable')).toHaveAttribute('data-action', 'stop');
        await shoot(page, 'nainjaune-desktop');
        await page.setViewportSize({ width: 360, height: 740 });
        await page.evaluate(() => document.querySelector('section.game').scrollIntoView());
        await noSideScroll(page);
        await shoot(page, 'nainjaune-phone');
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    },
  });
  expect(moves).toBeGreaterThan(0);
  expect(shot).toBe(true);
  expect(sawRun).toBe(true);
  await expect(page.locator('.dialog [data-result="winners"]')).toBeVisible();
  // The match's dialog tells how its last round was settled and why the match ended; each
  // seat's tile counts its chips.
  await expect(page.locator('.dialog .settlement li').last()).toContainText('Fin de la partie');
  await expect(page.locator('[data-seat-tile] .nj-purse').first()).toHaveAttribute('aria-label', /^\d+\sjetons?$/);
  // No click on a move offered alone: the table played every one of them for her.
  expect(counts.lone).toBe(0);
  expect(forced.n).toBeGreaterThan(0);
  // On a phone the four players' chips fit the results, with no column cut off.
  await page.setViewportSize({ width: 360, height: 740 });
  const sheet = await page.locator('.dialog').evaluate((d) => ({ wide: d.scrollWidth, room: d.clientWidth }));
  expect(sheet.wide).toBeLessThanOrEqual(sheet.room);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Behind the results, the table still shows the final board, the last run and the settlement.
  await page.locator('[data-close="results"]').click();
  await checkTable(page);
  await expect(page.locator('.nj-head[data-phase="over"]')).toContainText('J’arrête');
  await expect(page.locator('.nj-last')).toContainText('Bilan de la manche 1');
  await page.screenshot({ path: extra('nainjaune-over-fr') });
  await page.setViewportSize({ width: 360, height: 740 });
  await noSideScroll(page);
  await page.evaluate(() => document.querySelector('section.game').scrollIntoView());
  await page.screenshot({ path: extra('nainjaune-over-fr-phone') });
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the call and the Grand Opéra are told in English, and the replay shows every hand', async ({ page, request }) => {
    const room = await createRoom(request, 'nainjaune', 3, ['human', 'bot:medium', 'bot:easy'], { rounds: 1 }, { seed: 3 });
    await joinByLink(page, room, 'Bob');
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkTable(page, 3);
    await expect(page.locator('.nj-board-total')).toContainText('chips on the board');
    let opera = false;
    let called = false;
    await playToEnd(page, {
      seed: 11,
      onMove: async (n) => {
        if (!opera && await page.locator('.nj-opera').count()) {
          opera = true;
          await expect(page.locator('.nj-opera')).toContainText('Grand Opéra');
        }
        if (!called && await page.locator('.nj-bubble:not(.playable)').count()) {
          called = true;
          await expect(page.locator('.nj-bubble:not(.playable)')).toContainText('Sans');
          await page.screenshot({ path: extra('nainjaune-call-en') });
          await page.setViewportSize({ width: 360, height: 740 });
          await page.evaluate(() => document.querySelector('section.game').scrollIntoView());
          await noSideScroll(page);
          await page.screenshot({ path: extra('nainjaune-call-en-phone') });
          await page.setViewportSize({ width: 1280, height: 800 });
        }
      },
    });
    expect(opera).toBe(true);
    await expect(page.locator('.dialog [data-result="winners"]')).toBeVisible();

    // The replay: every seat's hand face up in its tile, nothing offered.
    await page.locator('[data-do="replay"]').click();
    await expect(page).toHaveURL(/\/replay$/);
    await page.locator('[data-step="forward"]').click();
    await expect(page.locator('.nj-seat [data-hand]')).toHaveCount(3);
    await expect(page.locator('.nj-seat [data-hand="1"] [data-card]').first()).toBeVisible();
    await expect(page.locator('section.game .playable')).toHaveCount(0);
    await page.screenshot({ path: extra('nainjaune-replay-en') });
  });
});

test('on a phone, every card of a full hand of 15 lies within the screen', async ({ browser, request }) => {
  // The bots wait a minute: the hand stays whole while it is measured.
  const room = await createRoom(request, 'nainjaune', 3, ['human', 'bot:easy', 'bot:easy'], { rounds: 1 }, { seed: 3, bot_delay_ms: 60_000 });
  const page = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } })).newPage();
  await joinByLink(page, room, 'Mamie');
  const cards = page.locator('.nj-hand .card');
  await expect(cards).toHaveCount(15);
  const boxes = await cards.evaluateAll((els) => els.map((el) => {
    const r = el.getBoundingClientRect();
    return [el.dataset.card, Math.round(r.left), Math.round(r.right)];
  }));
  for (const [card, left, right] of boxes) {
    expect(left, card).toBeGreaterThanOrEqual(0);
    expect(right, card).toBeLessThanOrEqual(390);
  }
  // The hand takes more than one line, so the check covers a card that starts a new one.
  const tops = await cards.evaluateAll((els) => new Set(els.map((el) => Math.round(el.getBoundingClientRect().top))).size);
  expect(tops).toBeGreaterThan(1);
});

test('a tap on a card that cannot be played says so', async ({ browser, request }) => {
  // Mamie deals: the bot on her left leads, after a minute; none of her cards can be played.
  const room = await createRoom(request, 'nainjaune', 3, ['human', 'bot:easy', 'bot:easy'], { rounds: 1 }, { seed: 3, dealer: 0, bot_delay_ms: 60_000 });
  const page = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } })).newPage();
  await joinByLink(page, room, 'Mamie');
  await expect(page.locator('.nj-hand .card')).toHaveCount(15);
  const notice = page.locator('.dock .notice');
  await expect(notice).toBeHidden();
  await expect(page.locator('.nj-hand .card.playable')).toHaveCount(0);
  // Its left edge: the next card covers its right.
  await page.locator('.nj-hand .card').first().click({ position: { x: 6, y: 20 } });
  await expect(notice).toHaveText('Cette carte ne peut pas être jouée maintenant.');
  await expect(notice).toHaveAttribute('role', 'status');
  await page.context().close();
});
