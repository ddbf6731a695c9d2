// What families tripped on at the table (issue 43, point 5), each tried as they met it: a phone's
// slow network, a table still waiting for someone, a race button, the create form, the words, a
// laptop's screen.
import { test, expect } from '@playwright/test';
import { CLICKABLE, base, createRoom, joinByLink, playMoves, playRound } from './helpers.js';

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

test('a move beaten by the person’s own move from another tab is not called « Trop tard »', async ({ browser, request }) => {
  // The bots wait a minute: only the person moves.
  const room = await createRoom(request, 'nainjaune', 3, ['human', 'bot:easy', 'bot:easy'], { rounds: 1 }, { seed: 4, dealer: 2, bot_delay_ms: 60_000 });
  const laptop = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  // The laptop's frames from the server can be held back, as a slow network holds them.
  let hold = false;
  let toPage = null;
  const held = [];
  await laptop.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    toPage = ws;
    server.onMessage((message) => (hold ? held.push(message) : ws.send(message)));
  });
  await joinByLink(laptop, room, 'Alice');
  const { token } = JSON.parse(await laptop.evaluate((code) => localStorage.getItem(`tapis.seat.${code}`), room));
  const phone = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await phone.goto(`${base()}/r/${room}#seat=0&token=${encodeURIComponent(token)}`);
  const card = await phone.locator('.nj-hand .playable[data-card]').first().getAttribute('data-card');
  await expect(laptop.locator(`.nj-hand .playable[data-card="${card}"]`)).toBeVisible();

  // The phone lays the card while the laptop has not heard of it yet, and the laptop lays it too:
  // the room refuses the laptop's as stale.
  hold = true;
  await phone.locator(`.nj-hand .playable[data-card="${card}"]`).click();
  await expect(phone.locator('main.table-page')).toHaveAttribute('data-seq', '1');
  await laptop.locator(`.nj-hand .playable[data-card="${card}"]`).click();
  await expect.poll(() => held.some((m) => String(m).includes('"stale"')), { timeout: 10_000 }).toBe(true);
  hold = false;
  for (const message of held.splice(0)) toPage.send(message);
  await expect(laptop.locator('main.table-page')).toHaveAttribute('data-seq', '1');
  // The laptop shows the table as its person left it, and no lost race.
  await laptop.waitForTimeout(1000);
  // (A notice stays 5 s: looked at once, not waited for.)
  expect(await laptop.locator('.notice').isHidden(), await laptop.locator('.notice').textContent()).toBe(true);
  await laptop.context().close();
  await phone.context().close();
});

test('the home page and the create form speak to families: no developer’s words, every seat a person', async ({ browser }) => {
  for (const locale of ['fr-FR', 'en-US']) {
    const page = await (await browser.newContext({ locale })).newPage();
    await page.goto(base());
    await expect(page.locator('.game-tile')).toHaveCount(6);
    // Two games, two names: Le 8 Nantais is the family's house version of « le huit américain ».
    const names = await page.locator('.game-tile strong').allTextContents();
    expect(names.filter((n) => /huit américain/i.test(n))).toEqual([]);
    expect(await page.locator('main.home').innerText()).not.toMatch(/OpenSpiel/);
    if (locale === 'fr-FR') expect(await page.locator('main.home').innerText()).not.toMatch(/ [:;!?»]|« /);
    for (const game of ['nantais', 'nurmut', 'gum', 'nainjaune', 'njet', 'crazyeights']) {
      await page.locator(`.game-tile[data-game="${game}"]`).click();
      await page.locator('details.options summary').click();
      const form = page.locator('form.create');
      const words = await form.innerText();
      // What a person reads besides the labels: the text boxes' contents and the tooltips.
      const fields = await form.evaluate((el) => [...el.querySelectorAll('input:not([type=checkbox])')].map((e) => e.value)
        .concat([...el.querySelectorAll('[title]')].map((e) => e.title)).join(' '));
      const jargon = locale === 'fr-FR'
        ? /OpenSpiel|refill|shithead|reset|max_\w+|numéro d.action|reconstitutions|synthétique|\(1,1\)|\bcanonical\b/
        : /OpenSpiel|shithead|max_\w+|action id|synthetic|\(1,1\)|\bcanonical\b/;
      expect(words, `${game}, ${locale}`).not.toMatch(jargon);
      expect(fields, `${game}, ${locale}`).not.toMatch(/\[\]|\bcanonical\b|_/);
      // A family host invites: every seat but the host's is a person unless a bot is chosen.
      for (const select of await form.locator('select[data-seat]').all()) await expect(select).toHaveValue('human');
      // Le Nain Jaune's match ends in an evening (it once went on until a player was ruined),
      // and the form says how long a round takes.
      if (game === 'nainjaune') {
        await expect(form.locator('[data-option="rounds"]')).toHaveValue('12');
        expect(words).toMatch(locale === 'fr-FR' ? /de 2 à 4 minutes chacune/ : /2 to 4 minutes each/);
      }
      // French typography in the options' words, from the server as on the page.
      if (locale === 'fr-FR') expect(words).not.toMatch(/ [:;!?»]|« |'/);
    }
    await page.context().close();
  }
  // The options' words from /api/games, before the page touches them.
  const games = (await (await fetch(`${base()}/api/games`)).json()).games;
  for (const game of games) {
    for (const [key, spec] of Object.entries(game.options)) {
      for (const text of [spec.help_fr, ...(spec.labels_fr || [])]) {
        expect(text, `${game.id}.${key}`).not.toMatch(/ [:;!?»]|« |'|(^|[\s(])-\d/);
      }
    }
  }
});

test('a card drawn is « le » or « la » as its name is: « posez-le ou gardez-le »', async ({ page, request }) => {
  // Alice has nothing for the 5♥: the table draws for her the 9♥, which fits.
  const hands = [['2C', '3C'], ['4D', '5D', '6D']];
  const stock = ['9H'];
  for (const suit of 'SHDC') for (const rank of '23456789TJQKA') if (![...hands.flat(), '5H', '9H'].includes(rank + suit)) stock.push(rank + suit);
  stock.push('X', 'X');
  const room = await createRoom(request, 'nantais', 2, ['human', 'bot:easy'], { rounds_to_win: 1 }, { seed: 3, dealer: 1, deal: { hands, stock, discard: ['5H'] }, bot_delay_ms: 60_000 });
  await joinByLink(page, room, 'Alice');
  await expect(page.locator('.game-nantais')).toContainText('Vous avez pioché le 9 de cœur\u00a0: posez-le ou gardez-le.');
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

/// Whether one's own tile and the moves under it lie within the window, the page at its top.
async function inView(page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(() => {
    const bottom = (el) => (el ? Math.round(el.getBoundingClientRect().bottom) : null);
    const actions = document.querySelector('.dock .actions');
    return {
      hand: bottom(document.querySelector('[data-own-hand]')),
      moves: actions && actions.children.length ? bottom(actions) : bottom(document.querySelector('.dock .prompt')),
      height: window.innerHeight,
      // Each player once: a game drawing every seat's tile leaves no players' strip above it.
      strip: document.querySelectorAll('.seats-slot .seat').length,
      tiles: document.querySelectorAll('main .game [data-seat-tile]').length,
    };
  });
}

const LAPTOP_TABLES = [
  // Battle GUM at 5, swapping before play: one's own seat and « terminer les échanges » were at
  // y ≈ 770 and 990 on a 800-pixel screen.
  ['gum', 5, {}, { width: 1280, height: 800 }, 0, '[data-action="ready"]'],
  // Crazy Eights at 8: the players twice, the moves below the fold.
  ['crazyeights', 8, {}, { width: 1280, height: 800 }, 3, null],
  // Nur Mut at 6, once a Courage banner shows.
  ['nurmut', 6, {}, { width: 1280, height: 800 }, 0, '.nm-alert'],
  // Le Nain Jaune at 4 on a 1366 × 768 screen, « passer » offered (a player may pass).
  ['nainjaune', 4, { follow_optional: true }, { width: 1366, height: 768 }, 0, '.actions [data-action="pass"]'],
];

for (const [game, players, options, viewport, moves, wanted] of LAPTOP_TABLES) {
  test(`on a laptop (${viewport.width} × ${viewport.height}), ${game} at ${players}: each player shown once, one’s own seat and the moves in view`, async ({ browser, request }) => {
    const page = await (await browser.newContext({ locale: 'fr-FR', viewport })).newPage();
    const room = await createRoom(request, game, players, ['human', ...Array(players - 1).fill('bot:easy')], options, { seed: 7 });
    await joinByLink(page, room, 'Alice');
    await playMoves(page, moves);
    if (wanted) {
      // Plays on until what is looked for shows (in Nur Mut, the person plays Courage whenever
      // it is offered, until one pays off).
      for (let i = 0; i < 80 && !(await page.locator(wanted).count()); i++) {
        await playMoves(page, 1, { first: game === 'nurmut' ? '[data-action="courage"]' : null });
      }
      await expect(page.locator(wanted).first()).toBeVisible();
    }
    const seen = await inView(page);
    expect(seen.strip, 'a players’ strip above the seats').toBe(0);
    expect(seen.tiles).toBe(players);
    expect(seen.hand, 'one’s own seat').toBeLessThanOrEqual(seen.height);
    expect(seen.moves, 'the prompt and the moves').toBeLessThanOrEqual(seen.height);
    await page.context().close();
  });
}

test('on a laptop, the Scores tab of eight players reads without scrolling sideways', async ({ browser, request }) => {
  const page = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } })).newPage();
  const room = await createRoom(request, 'nainjaune', 8, ['human', ...Array(7).fill('bot:easy')], {}, { seed: 7 });
  await joinByLink(page, room, 'Alice');
  await playRound(page);
  await page.locator('[data-tab="scores"]').click();
  const sheet = page.locator('#pane-scores .sheet');
  await expect(sheet).toContainText('Hortense');
  // Every player's total and the round's change are in the pane, none past its right edge.
  const { wide, room: width } = await page.locator('.side-body').evaluate((el) => ({ wide: el.scrollWidth, room: el.clientWidth }));
  expect(wide).toBeLessThanOrEqual(width);
  await expect(sheet.locator('tbody tr')).toHaveCount(8);
  await page.context().close();
});

test('Njet!’s stones carry each player’s own initial on every screen: « A » for Alice on hers too', async ({ page, request }) => {
  // The bots wait: the board is empty and the legend shows every seat's stone.
  const room = await createRoom(request, 'njet', 3, ['human', 'bot:easy', 'bot:easy'], {}, { seed: 3, bot_delay_ms: 60_000 });
  await joinByLink(page, room, 'Alice');
  // (Not the « V » of « vous », which the others' screens never show.)
  await expect(page.locator('.njet-legend li').first().locator('.njet-stone')).toHaveText('A');
});

test('a seat link that no longer holds a seat says so without the chips’ word « jeton »', async ({ page, request }) => {
  const room = await createRoom(request, 'nainjaune', 3, ['human', 'bot:easy', 'bot:easy'], {}, { seed: 3 });
  await page.goto(`${base()}/r/${room}#seat=0&token=not-a-token`);
  await expect(page.locator('main')).toContainText('ce lien de place ne correspond à aucune place de cette table');
  expect(await page.locator('main').innerText()).not.toMatch(/jeton/);
});
