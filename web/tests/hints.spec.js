// A practice table (docs/review.md): on each of the person's turns with a choice, the hard bot's
// move for their seat shows under the prompt within 2 s, at the server's default budget, in
// every game; it goes as soon as the table moves; a spectator sees that the table is one, and no
// hint. The person follows the hint: the move it names is the one marked on the table.
import { test, expect } from '@playwright/test';
import { createRoom, joinByLink, CLICKABLE, offeredMoves } from './helpers.js';

const GAMES = [
  ['nantais', 3, { rounds_to_win: 1 }, 'fr-FR'],
  ['crazyeights', 3, {}, 'en-GB'],
  ['gum', 3, { games: 1 }, 'fr-FR'],
  ['nainjaune', 3, { rounds: 1 }, 'en-GB'],
  ['njet', 4, { rounds: 1 }, 'fr-FR'],
  ['nurmut', 3, { rounds: 1 }, 'en-GB'],
];

for (const [game, players, options, locale] of GAMES) {
  test(`a practice table of ${game} shows the hard bot's move within 2 s of each choice (${locale})`, async ({ browser, request }) => {
    const fr = locale === 'fr-FR';
    const seats = ['human', ...Array(players - 1).fill('bot:easy')];
    const room = await createRoom(request, game, players, seats, options, { seed: 5, bot_delay_ms: 300, hints: true });
    const info = await (await request.get(`${process.env.TAPIS_URL}/api/rooms/${room}`)).json();
    expect(info.hints).toBe(true);
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await joinByLink(page, room, fr ? 'Alice' : 'Ann');
    await expect(page.locator('[data-practice]')).toHaveText(fr
      ? 'Table d’entraînement : à son tour, chacun voit le coup que jouerait le bot difficile.'
      : 'Practice table: on their turn, each person sees the move the hard bot would play.');
    const hint = page.locator('[data-bot-hint]');
    const seqOf = () => page.locator('main.table-page').getAttribute('data-seq');
    let followed = 0;
    let watcher = null;
    let watching = null;
    let markedSeen = 0;
    while (followed < 3) {
      await page.waitForSelector(`${CLICKABLE}, [data-close="round"], .dialog [data-result="winners"]`, { timeout: 60_000 });
      if (await page.locator('.dialog [data-result="winners"]').isVisible()) break;
      const round = page.locator('[data-close="round"]');
      if (await round.isVisible()) { await round.click(); continue; }
      const seq = await seqOf();
      if ((await offeredMoves(page)) < 2) {
        // A lone move: the table plays it for the person, and no hint is offered for it.
        await expect(hint).toBeHidden();
        await page.waitForFunction((old) => document.querySelector('main.table-page')?.dataset.seq !== old, seq, { timeout: 60_000 });
        continue;
      }
      // A choice: the hint is there within 2 s, for this very position.
      await expect(hint).toBeVisible({ timeout: 2000 });
      // For the position on screen (where seats act together, a bot may have moved meanwhile).
      const stale = () => page.evaluate(() => {
        const el = document.querySelector('[data-bot-hint]');
        return !el.hidden && el.dataset.seq !== document.querySelector('main.table-page').dataset.seq;
      });
      expect(await stale()).toBe(false);
      await expect(hint).toHaveText(fr ? /^Le bot difficile jouerait\u00a0: .+ \(chance \d+\u00a0%/ : /^The hard bot would play: .+ \(chance \d+%/);
      if (!watcher) {
        // A spectator at the same moment: told it is a practice table, shown no hint.
        watching = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
        watcher = await watching.newPage();
        await watcher.goto(`${process.env.TAPIS_URL}/r/${room}`);
        await watcher.locator('[data-do="watch"]').click();
        await expect(watcher.locator('main.table-page')).toBeVisible();
        await expect(watcher.locator('[data-practice]')).toBeVisible();
        await expect(watcher.locator('[data-bot-hint]')).toBeHidden();
      }
      // Follow it: the move it names, where the table offers it by itself (a card, a button);
      // in a menu otherwise.
      const best = await hint.getAttribute('data-best');
      const shown = await hint.getAttribute('data-seq');
      const marked = page.locator(`${CLICKABLE.split(', ').map((s) => `${s}[data-hinted]`).join(', ')}`);
      if (await marked.count()) markedSeen += 1;
      const target = (await marked.count()) ? marked.first() : page.locator(CLICKABLE).first();
      try {
        await target.click({ timeout: 3000 });
      } catch {
        continue; // the table moved under the pointer (a bot was quicker): look again
      }
      const menu = page.locator('.menu button[data-action]');
      if (await menu.count()) {
        const named = page.locator(`.menu button[data-action="${best}"]`);
        await ((await named.count()) ? named.first() : menu.first()).click();
      }
      await page.waitForFunction((old) => document.querySelector('main.table-page')?.dataset.seq !== old, shown, { timeout: 60_000 });
      // The table moved: a hint shown is never the one of a position gone.
      expect(await stale()).toBe(false);
      followed += 1;
    }
    expect(followed).toBe(3);
    expect(markedSeen, 'the move a hint names is marked where the table offers it').toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
    if (watching) await watching.close();
  });
}

test('the home page makes a practice table, and the room and its record say it is one', async ({ page, request }) => {
  await page.goto(process.env.TAPIS_URL);
  await page.locator('.game-tile[data-game="nurmut"]').click();
  await page.locator('#name').fill('Alice');
  await page.locator('#players').selectOption('2');
  await page.locator('[data-seat="1"]').selectOption('bot:easy');
  await page.getByLabel('Table d’entraînement : le bot difficile conseille chacun à son tour').check();
  await page.locator('form.create button[type=submit]').click();
  await expect(page.locator('main.table-page')).toBeVisible();
  await expect(page.locator('[data-practice]')).toBeVisible();
  await expect(page.locator('[data-bot-hint]')).toHaveText(/^Le bot difficile jouerait\u00a0: /, { timeout: 15_000 });
  const room = page.url().split('/r/')[1];
  const info = await (await request.get(`${process.env.TAPIS_URL}/api/rooms/${room}`)).json();
  expect(info.hints).toBe(true);
});
