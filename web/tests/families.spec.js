// What families tripped on at the table (issue 43, point 5), each tried as they met it: a phone's
// slow network, a table still waiting for someone, a race button, the create form, the words, a
// laptop's screen.
import { test, expect } from '@playwright/test';
import { CLICKABLE, base, createRoom, joinByLink, playRound } from './helpers.js';

/// A phone's network: every request and frame 250 ms late, and the score sheet (`/rounds`) later
/// still, so that the table's updates come before it as they may on a phone.
async function slowNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 250, downloadThroughput: -1, uploadThroughput: -1 });
  await page.route('**/rounds', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

/// The rounds a room has finished, as its score sheet says.
async function roundsDone(request, room) {
  return (await (await request.get(`${base()}/api/rooms/${room}/rounds`)).json()).rounds.length;
}

/// A round's dialog names the round that just ended, or none: its number is above `done`.
async function noStaleDialog(page, done, ms) {
  const title = page.locator('.dialog h2');
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await title.count()) {
      const text = (await title.textContent()) || '';
      const m = /(\d+)\s*$/.exec(text);
      if (m) expect(Number(m[1]), `« ${text} » opened after ${done} rounds`).toBeGreaterThan(done);
    }
    await page.waitForTimeout(50);
  }
}

test('a round’s dialog comes from the round it names: not after a reload in round 2, nor for a spectator who comes in later, on a slow network', async ({ browser, request }) => {
  // Seated: the person plays round 1 to its end, then reloads in round 2 on a phone's network.
  const room = await createRoom(request, 'nainjaune', 3, ['human', 'bot:easy', 'bot:easy'], { rounds: 3 }, { seed: 5, bot_delay_ms: 150 });
  const player = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await joinByLink(player, room, 'Alice');
  await playRound(player);
  const done = await roundsDone(request, room);
  expect(done).toBe(1);
  await slowNetwork(player);
  await player.reload();
  await expect(player.locator('main.table-page')).toBeVisible();
  // The bots' moves and the person's own come in before the sheet does: none of them opens « Fin
  // de la manche 1 ».
  const seq = Number(await player.locator('main.table-page').getAttribute('data-seq'));
  await player.waitForSelector(CLICKABLE, { timeout: 30_000 });
  await player.locator(CLICKABLE).first().click();
  await expect.poll(async () => Number(await player.locator('main.table-page').getAttribute('data-seq')), { timeout: 30_000 }).toBeGreaterThan(seq);
  await noStaleDialog(player, done, 2500);

  // A spectator opens the link of a table of bots in a later round.
  const bots = await createRoom(request, 'nainjaune', 3, ['bot:easy', 'bot:easy', 'bot:easy'], { rounds: 6 }, { seed: 9, bot_delay_ms: 120 });
  await expect.poll(() => roundsDone(request, bots), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  const watcher = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await slowNetwork(watcher);
  const later = await roundsDone(request, bots);
  await watcher.goto(`${base()}/r/${bots}`);
  await watcher.locator('[data-do="watch"]').click();
  await expect(watcher.locator('main.table-page')).toBeVisible();
  await noStaleDialog(watcher, later, 2500);
});

test('a table still waiting for its players tells nobody to play, in any game', async ({ browser, request }) => {
  for (const game of ['nantais', 'nurmut', 'gum', 'nainjaune', 'njet', 'crazyeights']) {
    for (const locale of ['fr-FR', 'en-US']) {
      // The host leads (the last seat deals): the deal is there, but a seat is still free.
      const room = await createRoom(request, game, 3, ['human', 'human', 'bot:easy'], {}, { seed: 3, dealer: 2 });
      const page = await (await browser.newContext({ locale })).newPage();
      await joinByLink(page, room, 'Alice');
      await expect(page.locator('.prompt')).toContainText(locale === 'fr-FR' ? 'En attente de 1 joueur' : 'Waiting for 1 player');
      // What the table says now, without the legends that explain a mark (« carte d’une case du
      // plateau : posez-la pour ramasser la case »).
      const words = await page.locator('section.game').evaluate((el) => {
        const copy = el.cloneNode(true);
        copy.querySelectorAll('.nj-legend').forEach((legend) => legend.remove());
        return copy.textContent;
      });
      const orders = locale === 'fr-FR'
        ? /À vous|posez|piochez|passez|échangez|écartez|choisissez|jouez|touchez|gardez|entame/i
        : /your move|you lead|\blay (a|an|any|the|it|your)\b|\bdraw\b|\bpass\b|\bswap\b|\bplace a\b|\bchoose\b|\bleads?\b/i;
      expect(words, `${game}, ${locale}`).not.toMatch(orders);
      await expect(page.locator('main .playable, main .actions button')).toHaveCount(0);
      await page.context().close();
    }
  }
});

test('« poser et annoncer UNIQUE » from a phone: the other seat never sees a CONTRE UNIQUE button', async ({ browser, request }) => {
  // Alice holds 5♠ and 9♣ on the 5♥: her 5♠ leaves her one card.
  const hands = [['5S', '9C'], ['2S', '3S', '4S', '6S', '8S', '9S', 'TS']];
  const stock = [];
  for (const suit of 'SHDC') for (const rank of '23456789TJQKA') if (![...hands.flat(), '5H'].includes(rank + suit)) stock.push(rank + suit);
  stock.push('X', 'X');
  const room = await createRoom(request, 'nantais', 2, ['human', 'human'], { rounds_to_win: 1 }, { deal: { hands, stock, discard: ['5H'] }, seed: 3 });
  const alice = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  const bob = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await joinByLink(alice, room, 'Alice');
  await joinByLink(bob, room, 'Bob');
  await expect(alice.locator('[data-card="5S"].playable')).toBeVisible();
  // Alice is on a phone's network; Bob's page counts every CONTRE UNIQUE button ever drawn.
  const cdp = await alice.context().newCDPSession(alice);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 250, downloadThroughput: -1, uploadThroughput: -1 });
  await bob.evaluate(() => {
    window.contreSeen = 0;
    new MutationObserver(() => {
      if (document.querySelector('[data-action^="contre"]')) window.contreSeen += 1;
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await alice.locator('[data-card="5S"]').click();
  await alice.locator('.menu button[data-then="unique"]').click();
  await expect(bob.locator('.log')).toContainText('UNIQUE');
  await expect(bob.locator('main.table-page')).toHaveAttribute('data-seq', '2');
  expect(await bob.evaluate(() => window.contreSeen)).toBe(0);
  expect(await bob.locator('.log').textContent()).not.toContain('CONTRE');
  await alice.context().close();
  await bob.context().close();
});
