// Nur Mut in the browser: a whole match against bots by clicking the centre piles and the
// buttons, then a Courage set up by a hand-made deal, for the screenshots and for what the
// drawing must show (double-sided cards with their other face on a peeled corner, the piles
// a revealed card may go on, the words of the Courage).
import { test, expect } from '@playwright/test';
import { createRoom, joinByLink, playToEnd, shoot } from './helpers.js';

/// The rulebook's canonical deck (§1.2): every ordered pair of 1–9, the doubles turned into
/// (a, J). Alice's pile starts 6/4 then 7/2; the centre shows 3, 9 and 5; Alice starts.
function courageDeal() {
  const deck = [];
  for (let a = 1; a <= 9; a++) for (let b = 1; b <= 9; b++) deck.push(a === b ? `${a}/J` : `${a}/${b}`);
  const take = (code) => deck.splice(deck.indexOf(code), 1)[0];
  const center = [take('3/8'), take('9/1'), take('5/2')];
  const piles = [[take('6/4'), take('7/2')], [take('8/3')], [take('2/6')]];
  for (const pile of piles) while (pile.length < 10) pile.push(deck.shift());
  return { piles, center, stock: deck };
}

test('a person plays a whole Nur Mut match against two bots by clicking, then watches the replay', async ({ page, request }) => {
  const room = await createRoom(request, 'nurmut', 3, ['human', 'bot:easy', 'bot:easy'], { rounds: 1 }, { seed: 3 });
  await joinByLink(page, room, 'Alice');
  const area = page.locator('.game-nurmut');
  // Three centre piles, each with its top card drawn; one's own pile as it lies.
  await expect(area.locator('.nm-pile')).toHaveCount(3);
  await expect(area.locator('.nm-pile .nm-card[data-card]')).toHaveCount(3);
  await expect(area.locator('.nm-mine .nm-card[data-card]')).toHaveCount(1);
  await expect(area.locator('.nm-others .nm-seat')).toHaveCount(2);
  const moves = await playToEnd(page, { seed: 5 });
  expect(moves).toBeGreaterThan(0);
  await expect(page.locator('.dialog [data-result="winners"]')).toBeVisible();
  // The losers' points are written with the minus sign, as people write it, never a hyphen.
  const sheet = await page.locator('.dialog .sheet').innerText();
  expect(sheet).toContain('\u2212');
  expect(sheet).not.toContain('-');

  // The replay draws the same table and offers nothing.
  await page.locator('[data-do="replay"]').click();
  await expect(page).toHaveURL(/\/replay$/);
  await page.locator('[data-step="forward"]').click();
  await expect(page.locator('.game-nurmut .nm-pile')).toHaveCount(3);
  await expect(page.locator('.game-nurmut .nm-others .nm-seat')).toHaveCount(3);
  await expect(page.locator('.game-nurmut .nm-seat[data-seat="0"]')).toContainText('vous');
  await expect(page.locator('.game-nurmut .playable')).toHaveCount(0);
  await page.locator('[data-step="last"]').click();
  await expect(page.locator('.replay-result')).toBeVisible();
});

test('Courage: the turned card shows both faces, the piles it fits light up; screenshots', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const room = await createRoom(request, 'nurmut', 3, ['human', 'bot:easy', 'bot:medium'], { rounds: 1 }, { deal: courageDeal(), dealer: 2, seed: 3 });
  await joinByLink(page, room, 'Alice');
  const area = page.locator('.game-nurmut');
  const mine = area.locator('.nm-mine');
  await expect(mine.locator('.nm-card')).toHaveAttribute('data-card', '6');
  await expect(mine).toContainText('Ce 6 va sur la pile 3.');
  await expect(area.locator('.nm-pile[data-pile="2"]')).toContainText('accepte le 8');
  // Only the pile the 6 fits is offered; Courage, tuck and pass are the shell's buttons.
  await expect(area.locator('.nm-pile.playable')).toHaveCount(1);
  await expect(area.locator('.nm-pile[data-pile="3"]')).toHaveAttribute('data-action', 'play 3');

  // Courage turns the 6 over: a 4, which fits piles 1 (a 3) and 3 (a 5).
  await page.locator('.actions [data-action="courage"]').click();
  await expect(mine.locator('.nm-card')).toHaveAttribute('data-card', '4/6');
  await expect(mine.locator('.nm-card')).toHaveAttribute('aria-label', '4 (lapin), l’autre face\u00a0: 6 (cochon)');
  await expect(area.locator('.nm-alert')).toContainText('Votre 6 (cochon) cachait un 4 (lapin)');
  await expect(area.locator('.nm-pile.playable')).toHaveCount(2);
  await area.locator('.nm-pile[data-pile="3"]').click();

  // The 4 lies on pile 3, both its faces known; the bonus turn shows the 7, which fits nowhere.
  await expect(area.locator('.nm-pile[data-pile="3"] .nm-card')).toHaveAttribute('data-card', '4/6');
  await expect(mine.locator('.nm-card')).toHaveAttribute('data-card', '7');
  await expect(mine).toContainText('Ce 7 ne va sur aucune pile.');
  await page.locator('.actions [data-action="courage"]').click();
  await expect(mine.locator('.nm-card')).toHaveAttribute('data-card', '2/7');
  await expect(area.locator('.nm-pile.playable')).toHaveCount(1);
  await shoot(page, 'nurmut-desktop');

  // The phone: no sideways scrolling, the piles still side by side.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.mouse.move(0, 0);
  // Scrolled so that the Courage, the piles and one's own pile show together.
  await area.locator('.nm-alert').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, 'nurmut-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const tops = await area.locator('.nm-pile').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);

  // The same table in English.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.lang-switch').click();
  await expect(area.locator('.nm-alert')).toContainText('Your 7 (sheep) hid a 2 (bird): place it on a lit pile, then play again.');
  await expect(area.locator('.nm-pile[data-pile="1"]')).toContainText('takes 2 or 4');
  await expect(mine.locator('.nm-card')).toHaveAttribute('aria-label', '2 (bird), other side: 7 (sheep)');
  await page.locator('.lang-switch').click();
});
