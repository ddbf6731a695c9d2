// The table on a laptop's screen (1280 × 800, 1366 × 768, and a smaller one, 1024 × 768): whatever the game,
// the player count and the size of the hand, no part of the table lies over another and nothing
// is cut. One's own hand hid the bottom of the players' tiles in Le Nain Jaune: it stuck to the
// foot of the screen as it does on a phone.
import { expect, test } from '@playwright/test';
import { CLICKABLE, chooser, createRoom, joinByLink, playMoves } from './helpers.js';

// Each game at its most players and with its largest hands (Le Nain Jaune deals 15 cards to
// each of 3 players, Njet! 12 to each of 3), and how many of the person's moves to play first.
const TABLES = [
  ['nainjaune', 3, {}, 3],
  ['nainjaune', 8, {}, 3],
  ['njet', 3, {}, 10],
  ['njet', 4, {}, 10],
  ['nantais', 7, {}, 4],
  ['nurmut', 7, { max_players: 7 }, 4],
  ['gum', 6, { max_players: 6 }, 14],
  ['crazyeights', 10, {}, 4],
];

for (const [game, players, options, moves] of TABLES) {
  test(`on a laptop, ${game} at ${players} players: neither one’s own hand nor the moves lie over a player’s tile or the board`, async ({ browser, request }) => {
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const seats = ['human', ...Array(players - 1).fill('bot:easy')];
    const room = await createRoom(request, game, players, seats, options, { seed: 7 });
    await joinByLink(page, room, 'Alice');
    await playMoves(page, moves);
    await expect(page.locator('[data-own-hand]')).toBeVisible();
    await page.mouse.move(0, 0);
    // From the top of the page to its foot, neither the hand nor the prompt and the moves under
    // it lie over anything drawn: the players' tiles, the board's cells, piles and cards.
    for (const y of [0, 10_000]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      const crossing = await page.evaluate(() => {
        const under = [];
        for (const top of [document.querySelector('[data-own-hand]'), document.querySelector('.dock')]) {
          const r = top.getBoundingClientRect();
          for (const el of document.querySelectorAll('main .board *')) {
            // What a closed « Cartes sous la défausse » holds is not drawn, but keeps a box.
            if (top.contains(el) || el.contains(top) || el.closest('details:not([open]) > :not(summary)')) continue;
            const b = el.getBoundingClientRect();
            if (!b.width || !b.height) continue;
            if (b.left < r.right - 1 && r.left < b.right - 1 && b.top < r.bottom - 1 && r.top < b.bottom - 1) {
              under.push(`${top.className} over ${el.getAttribute('class') || el.tagName.toLowerCase()}`);
            }
          }
        }
        return [...new Set(under)];
      });
      expect(crossing, `scrolled to ${y}`).toEqual([]);
    }
    await context.close();
  });
}

test('on a 1024-pixel screen, every word of Njet!’s board stays within its cell', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const room = await createRoom(request, 'njet', 4, ['human', 'bot:easy', 'bot:easy', 'bot:easy'], {}, { seed: 7 });
  await joinByLink(page, room, 'Alice');
  // Through the Njet phase to the tricks: the board, settled, sits beside the trick.
  await playMoves(page, 10);
  await expect(page.locator('.njet.phase-play .njet-board.compact')).toBeVisible();
  const out = await page.evaluate(() => [...document.querySelectorAll('.njet-board .njet-cell')].flatMap((cell) => {
    const box = cell.getBoundingClientRect();
    // A long name is cut short on purpose (« Cole… »): the other words must fit whole.
    return [...cell.querySelectorAll('.njet-cell-big:not(.njet-cell-name), .njet-cell-small, .njet-chip')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (el.scrollWidth > el.clientWidth + 1 || r.left < box.left - 1 || r.right > box.right + 1);
      })
      .map((el) => `${cell.closest('.njet-row').dataset.row} ${cell.dataset.cell}: ${el.textContent}`);
  }));
  expect(out).toEqual([]);
  await context.close();
});

test('at 1366 × 768, Njet!’s hand stays on screen in every phase and « ATOUT » clear of the cards one may play', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  // Seed 1: Alice is the start player, chooses her partner, and lays 1 card aside.
  const room = await createRoom(request, 'njet', 3, ['human', 'bot:medium', 'bot:medium'], { rounds: 2 }, { seed: 1 });
  await joinByLink(page, room, 'Alice');
  await playMoves(page, 0);
  const seen = [];
  while (!seen.includes('play')) {
    const phase = await page.locator('.njet').getAttribute('data-phase');
    if (!seen.includes(phase)) {
      seen.push(phase);
      await page.mouse.move(0, 0);
      await page.evaluate(() => window.scrollTo(0, 0));
      const at = await page.evaluate(() => {
        const hand = document.querySelector('[data-own-hand]').getBoundingClientRect();
        const label = document.querySelector('.njet-group.trump .njet-group-label')?.getBoundingClientRect();
        // A card one may play rises 6 pixels with a 4-pixel glow.
        const risen = [...document.querySelectorAll('.njet-group.trump .playable')].map((c) => c.getBoundingClientRect().top - 4);
        return { bottom: hand.bottom, wide: document.documentElement.scrollWidth, label: label?.bottom, risen };
      });
      expect(at.bottom, phase).toBeLessThanOrEqual(768);
      expect(at.wide, phase).toBeLessThanOrEqual(1366);
      for (const top of at.risen) expect(top, phase).toBeGreaterThanOrEqual(at.label);
    }
    await playMoves(page, 1);
  }
  expect(seen).toEqual(['njet', 'partner', 'discard', 'play']);
  await context.close();
});

test('on a laptop, the score sheet of eight players fits its dialog', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const room = await createRoom(request, 'nainjaune', 8, ['human', ...Array(7).fill('bot:easy')], {}, { seed: 7 });
  await joinByLink(page, room, 'Alice');
  // Plays until the first round's dialog shows its sheet.
  const pick = chooser(11);
  for (let i = 0; i < 200 && !(await page.locator('.dialog .sheet').count()); i++) {
    await page.waitForSelector(`${CLICKABLE}, .dialog .sheet`, { timeout: 60_000 });
    const candidates = page.locator(CLICKABLE);
    const n = await candidates.count();
    if (!n || (await page.locator('.dialog .sheet').count())) continue;
    const seq = await page.locator('main.table-page').getAttribute('data-seq');
    try {
      await candidates.nth(pick(n)).click({ timeout: 3000 });
    } catch {
      continue;
    }
    await page.waitForFunction((old) => document.querySelector('main.table-page')?.dataset.seq !== old || document.querySelector('.dialog'), seq, { timeout: 60_000 });
  }
  const dialog = page.locator('.dialog');
  await expect(dialog.locator('.sheet th')).toHaveCount(9);
  // Its last column was cut off: the dialog had to be scrolled sideways to read Hortense's chips.
  const { wide, room: width } = await dialog.evaluate((el) => ({ wide: el.scrollWidth, room: el.clientWidth }));
  expect(wide).toBeLessThanOrEqual(width);
  await context.close();
});
