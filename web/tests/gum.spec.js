// Battle GUM in the browser: a whole match against two bots by clicking, the replay with every
// hand shown, the moves a person needs (several cards of one value through a menu, the 13 given by
// clicking a seat, the counters when the pile comes to you), and the screenshots.
import { test, expect } from '@playwright/test';
import { createRoom, forcedMoves, joinByLink, playToEnd, shoot } from './helpers.js';

// Easy bots: the clicks test the page, not the bots, and a searching bot's moves only slow it.
const SEATS3 = ['human', 'bot:easy', 'bot:easy'];

// The whole deck: 1…13 four times, and the two Ninjas.
function deck() {
  const cards = ['00', '00'];
  for (let v = 1; v <= 13; v++) for (let k = 0; k < 4; k++) cards.push(String(v));
  return cards;
}

// A deal with the given hands, face-up and face-down rows; the rest of the deck is the stock.
function deal(hands, faceup, facedown) {
  const rest = deck();
  for (const c of [...hands, ...faceup, ...facedown].flat()) rest.splice(rest.indexOf(c), 1);
  return { hands, faceup, facedown, stock: rest };
}

const pileSize = (page) => page.locator('.gum-pile').getAttribute('data-pile').then(Number);

// Says "ready" until the table has it: while the bots swap, a click can cross one of their moves
// and be refused as stale (the shell then shows why), as it would be for a person.
async function ready(page) {
  await expect(async () => {
    const button = page.locator('.actions [data-action="ready"]');
    if (await button.isVisible()) await button.click({ timeout: 1000 });
    await expect(page.locator('.gum-me .gum-tag', { hasText: /échange|swapping/ })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

// Plays by clicking until `stop(page)` says so (then stops mid-match), or to the end.
async function playUntil(page, seed, stop) {
  const STOP = 'stopped here';
  try {
    await playToEnd(page, {
      seed,
      onMove: async () => { if (await stop(page)) throw new Error(STOP); },
    });
    return false;
  } catch (e) {
    if (String(e.message).includes(STOP)) return true;
    throw e;
  }
}

const midMatch = async (page) => (await page.locator('.dialog').count()) === 0
  && (await pileSize(page)) >= 4
  && Number(await page.locator('.gum-stock').getAttribute('data-stock')) < 22;

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a person plays a whole match of Battle GUM against two bots, then watches the replay', async ({ page, request }) => {
    const room = await createRoom(request, 'gum', 3, SEATS3, { games: 1 }, { seed: 3 });
    const forced = forcedMoves(page);
    await joinByLink(page, room, 'Alice');

    // The swap phase: three cards in hand, three face-up over three face-down per seat.
    await expect(page.locator('.gum-me .gum-hand [data-card]')).toHaveCount(3);
    await expect(page.locator('.gum-zone[data-seat="1"] .gum-slot [data-card][data-faceup]')).toHaveCount(3);
    await expect(page.locator('.gum-zone[data-seat="1"] .gum-slot .card-back')).toHaveCount(3);
    await expect(page.locator('.actions [data-action="ready"]')).toBeVisible();
    await expect(page.locator('.gum-me .gum-group.playable').first()).toHaveAttribute('data-actions', /swap /);
    await page.screenshot({ path: test.info().outputPath('gum-swap.png') });

    let shot = false;
    const counts = {};
    const moves = await playToEnd(page, {
      seed: 5,
      counts,
      onMove: async () => {
        if (!shot && await midMatch(page)) {
          shot = true;
          await page.mouse.move(0, 0);
          await page.evaluate(() => window.scrollTo(0, 0));
          await shoot(page, 'gum-desktop');
        }
      },
    });
    expect(moves).toBeGreaterThan(3);
    expect(shot).toBe(true);
    await expect(page.locator('.dialog [data-result="winners"]')).toBeVisible();
    // No click on a move offered alone: the table played every one of them for her.
    expect(counts.lone).toBe(0);
    expect(forced.n).toBeGreaterThan(0);

    // The replay shows every hand face up: no back among the other seats' hands.
    await page.locator('[data-do="replay"]').click();
    await expect(page).toHaveURL(/\/replay$/);
    for (let i = 0; i < 12; i++) await page.locator('[data-step="forward"]').click();
    await expect(page.locator('.gum-otherhand [data-card]').first()).toBeVisible();
    await expect(page.locator('.gum-otherhand .card-back')).toHaveCount(0);
    await expect(page.locator('.game-gum .playable')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('gum-replay.png'), fullPage: true });
    await page.locator('[data-step="last"]').click();
    await expect(page.locator('.replay-result')).toBeVisible();
    // The places, in each language's typography: « 1ᵉʳ : … », then "1st: …".
    await expect(page.locator('.gum-sub').filter({ hasText: /^1ᵉʳ/ })).toHaveText(/^1ᵉʳ\u00a0: \S/);
    await page.locator('.lang-switch').click();
    await expect(page.locator('.gum-sub').filter({ hasText: /^1st/ })).toHaveText(/^1st: \S/);
  });
});

test('several cards of one value open a menu, and the 13 is given by clicking a seat', async ({ page, request }) => {
  const start = deal(
    [['7', '7', '13'], ['2', '3', '4'], ['5', '5', '6']],
    [['10', '11', '12'], ['2', '3', '4'], ['8', '8', '9']],
    [['1', '1', '2'], ['3', '4', '5'], ['6', '6', '9']],
  );
  const room = await createRoom(request, 'gum', 3, SEATS3, { games: 1 }, { deal: start });
  await joinByLink(page, room, 'Alice');
  await ready(page);
  await expect(page.locator('.gum-banner')).toContainText('À vous');

  // Two 7s in hand: one click on them asks how many to lay, in words.
  await page.locator('.gum-me .gum-group[data-value="7"]').click();
  const menu = page.locator('.menu button[data-action]');
  await expect(menu).toHaveCount(2);
  await expect(menu.nth(0)).toHaveText('poser un 7');
  await expect(menu.nth(1)).toHaveText('poser deux 7');
  await page.locator('.menu-cancel').click();

  // The 13: then every other seat's area offers the pile.
  await page.locator('.gum-me .gum-group[data-value="13"]').click();
  await expect(page.locator('.gum-zone[data-seat="1"].playable')).toHaveAttribute('data-action', 'give 1');
  await expect(page.locator('.gum-zone[data-seat="2"].playable')).toHaveAttribute('data-action', 'give 2');
  await expect(page.locator('.gum-banner.gum-hot')).toContainText('13');
  await page.locator('.gum-zone[data-seat="2"]').click();
  await expect(page.locator('.gum-zone.playable')).toHaveCount(0);
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the pile given to you with a 13: the counters are lit and the banner calls for them', async ({ page, request }) => {
    const start = deal(
      [['12', '1', '5'], ['13', '13', '13']],
      [['2', '3', '4'], ['00', '00', '9']],
      [['5', '5', '6'], ['6', '7', '7']],
    );
    const room = await createRoom(request, 'gum', 2, ['human', 'bot:easy'], { games: 1 }, { deal: start });
    await joinByLink(page, room, 'Alice');
    await ready(page);
    await page.locator('.gum-me .gum-group[data-value="12"]').click();

    // The bot keeps two 13s in hand (its swaps put the strongest cards face up: a 13 for the 9),
    // can only lay 13s on our 12, and the pile can only come to us.
    const hot = page.locator('.gum-banner.gum-hot');
    await expect(hot).toContainText('gives you the pile');
    // We drew a second 1 after our 12 (the stock is the rest of the deck in order).
    await expect(page.locator('.gum-me .gum-group[data-value="1"].playable')).toHaveAttribute('data-actions', 'play 1|play 1 1');
    await expect(page.locator('.gum-pile.playable')).toHaveAttribute('data-action', 'accept');
    await expect(page.locator('.gum-need-big')).toHaveText('13 / 1');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: test.info().outputPath('gum-target-en.png') });

    // Countering with both 1s: nobody takes the pile, the 1s lie on top.
    await page.locator('.gum-me .gum-group[data-value="1"]').click();
    await page.locator('.menu button[data-action="play 1 1"]').click();
    await expect(page.locator('.gum-pile .gum-fan .gum-card').last()).toHaveAttribute('data-card', '1');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the table fits 360 px mid-match', async ({ page, request }) => {
    const room = await createRoom(request, 'gum', 3, SEATS3, { games: 1 }, { seed: 3 });
    await joinByLink(page, room, 'Alice');
    expect(await playUntil(page, 5, midMatch)).toBe(true);
    await page.mouse.move(0, 0);
    await page.locator('.game-gum').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(page, 'gum-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    const cardWidth = await page.locator('.gum-me .gum-hand .gum-card').first().evaluate((el) => el.getBoundingClientRect().width);
    expect(cardWidth).toBeGreaterThanOrEqual(44);
  });
});

test('a match of two games calls each one a « partie », in its dialog and in the score sheet', async ({ page, request }) => {
  const room = await createRoom(request, 'gum', 2, ['human', 'bot:easy'], { games: 2 }, { seed: 5 });
  await joinByLink(page, room, 'Alice');
  const ends = [];
  await playToEnd(page, {
    seed: 2,
    onRound: async () => {
      ends.push(await page.locator('.dialog h2').textContent());
      await expect(page.locator('.dialog .sheet th').first()).toHaveText('Partie');
    },
  });
  expect(ends).toEqual(['Fin de la partie 1']);
  await expect(page.locator('.dialog .sheet th').first()).toHaveText('Partie');
  await expect(page.locator('.dialog .sheet tbody tr td:first-child')).toHaveText(['1', '2', 'Total']);
});
