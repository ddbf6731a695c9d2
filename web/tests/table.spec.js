// The table frame as a person lives it: it updates in place (the chat's draft and focus survive
// the bots' moves), it tells you when it is your turn (title, icon, sound switch), the turn clock
// counts down and says when it played for someone, your seat opens on another device through
// its link, a table waiting for someone who left says so and its host can give the seat to a
// bot, and cards move unless the reader asked for less motion.
import { test, expect } from '@playwright/test';
import { base, createRoom, joinByLink, playToEnd } from './helpers.js';

const seq = async (page) => Number(await page.locator('main.table-page').getAttribute('data-seq'));

test.describe('with cards moving', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('text typed in the chat survives 20 table updates, focus kept, and the clock’s moves are told', async ({ page, request }) => {
    // The turn clock plays Alice's moves after a second, the bots at once: the table moves by
    // itself while she writes.
    const room = await createRoom(request, 'nantais', 4, ['human', 'bot:easy', 'bot:easy', 'bot:easy'], {}, { turn_clock_ms: 1000, seed: 11 });
    await joinByLink(page, room, 'Alice');
    await page.locator('[data-tab="chat"]').click();
    const input = page.locator('#chat-text');
    await input.click();
    const start = await seq(page);
    let typed = '';
    const words = 'Bonjour à tous, belle partie aujourd’hui';
    for (let i = 0; (await seq(page)) < start + 20; i++) {
      const before = await seq(page);
      const ch = words[i % words.length];
      await page.keyboard.type(ch);
      typed += ch;
      await page.waitForFunction((old) => Number(document.querySelector('main.table-page').dataset.seq) > old, before, { timeout: 20_000 });
    }
    expect(await seq(page)).toBeGreaterThanOrEqual(start + 20);
    await expect(input).toHaveValue(typed);
    expect(await page.evaluate(() => document.activeElement && document.activeElement.id)).toBe('chat-text');
    // She sends it: it is there once, and the box is empty for the next line.
    await page.keyboard.press('Enter');
    await expect(page.locator('.chat li')).toHaveText([`Alice : ${typed}`.replace(' :', '\u00a0:')]);
    await expect(input).toHaveValue('');
    // The moves the clock made for her are told as such, in every seat's log.
    await page.locator('[data-tab="log"]').click();
    await expect(page.locator('.log li.auto').first()).toHaveText('Coup joué automatiquement pour Alice\u00a0:');
  });
});

test('the title and the icon tell whose turn it is; the sound switch is remembered', async ({ page, request }) => {
  // Alice deals (seat 0 is the dealer), so the bot plays first, after a second and a half.
  const room = await createRoom(request, 'nantais', 2, ['human', 'bot:easy'], { rounds_to_win: 1 }, { dealer: 0, bot_delay_ms: 1500, seed: 4 });
  await joinByLink(page, room, 'Alice');
  await expect(page).toHaveTitle('Le 8 Nantais — tapis');
  await expect(page).toHaveTitle('À vous ! — Le 8 Nantais — tapis', { timeout: 20_000 });
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  // She plays what is offered until her turn ends; the title goes back while the bot thinks.
  for (let i = 0; i < 6 && (await page.title()).startsWith('À vous'); i++) {
    const before = await seq(page);
    await page.locator('main .playable, main .actions button[data-action]').first().click();
    const menu = page.locator('.menu button[data-action]');
    if (await menu.count()) await menu.first().click();
    await expect.poll(() => seq(page)).toBeGreaterThan(before);
  }
  await expect(page).toHaveTitle('Le 8 Nantais — tapis');
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).not.toBe(icon);

  await expect(page.locator('.sound-switch')).toHaveAttribute('data-sound', 'on');
  await page.locator('.sound-switch').click();
  await expect(page.locator('.sound-switch')).toHaveAttribute('data-sound', 'off');
  await page.reload();
  await expect(page.locator('.sound-switch')).toHaveAttribute('data-sound', 'off');
});

test('the turn clock counts down for everyone', async ({ browser, request }) => {
  const room = await createRoom(request, 'nantais', 2, ['human', 'human'], { rounds_to_win: 1 }, { dealer: 1, turn_clock_ms: 60_000, seed: 8 });
  const alice = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  const bob = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await joinByLink(alice, room, 'Alice');
  await joinByLink(bob, room, 'Bob');
  // Alice is to play: she reads her time left, Bob reads hers.
  await expect(alice.locator('.clock-line')).toHaveText(/^Il vous reste 0:5\d ; ensuite un bot jouera pour vous\.$|^Il vous reste 1:00/);
  await expect(bob.locator('.clock-line')).toHaveText(/^0:5\d before a bot plays for Alice\.$|^1:00 before/);
  await expect(bob.locator('[data-seat-tile="0"] .clock')).toHaveText(/^0:5\d$|^1:00$/);
  const first = await bob.locator('[data-seat-tile="0"] .clock').textContent();
  await bob.waitForTimeout(2100);
  const later = await bob.locator('[data-seat-tile="0"] .clock').textContent();
  expect(later).not.toBe(first);
  await alice.context().close();
  await bob.context().close();
});

test('a seat opened on a second device through the seat link plays on; the invite link says the seat is held', async ({ browser, request }) => {
  const room = await createRoom(request, 'nantais', 2, ['human', 'bot:easy'], { rounds_to_win: 1 }, { dealer: 1, seed: 21 });
  const laptop = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await joinByLink(laptop, room, 'Alice');
  await laptop.locator('.seat-link summary').click();
  const link = await laptop.locator('#seat-link').inputValue();
  expect(link).toMatch(new RegExp(`^${base()}/r/${room}#seat=0&token=`));
  await laptop.context().close();

  // Someone opening the invite link without the seat is told every seat is taken, and offered
  // to open theirs with its link.
  const phone = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`${base()}/r/${room}`);
  await expect(phone.locator('.elsewhere')).toContainText('Toutes les places de cette table sont prises');
  await phone.locator('#seat-link-in').fill(link);
  await phone.locator('.elsewhere button[type=submit]').click();
  await expect(phone.locator('main.table-page')).toBeVisible();
  // The token left the address bar at once.
  expect(phone.url()).toBe(`${base()}/r/${room}`);
  await expect(phone.locator('main.table-page')).toHaveAttribute('data-seat', '0');
  const before = await seq(phone);
  await phone.locator('main .playable, main .actions button[data-action]').first().click();
  const menu = phone.locator('.menu button[data-action]');
  if (await menu.count()) await menu.first().click();
  await expect.poll(() => seq(phone)).toBeGreaterThan(before);

  // And the link itself, opened directly, seats its owner too.
  const tablet = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await tablet.goto(link);
  await expect(tablet.locator('main.table-page')).toHaveAttribute('data-seat', '0');
  expect(tablet.url()).toBe(`${base()}/r/${room}`);
  await phone.context().close();
  await tablet.context().close();
});

test('a table waiting for someone who left says whom it waits for, and its host gives the seat to a bot', async ({ browser, request }) => {
  // Bob plays first (Alice deals), and leaves.
  const room = await createRoom(request, 'nantais', 2, ['human', 'human'], { rounds_to_win: 1 }, { dealer: 0, seed: 5 });
  const alice = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  const bobContext = await browser.newContext({ locale: 'en-GB' });
  const bob = await bobContext.newPage();
  await joinByLink(alice, room, 'Alice');
  await joinByLink(bob, room, 'Bob');
  await bobContext.close();
  const gone = alice.locator('.gone[data-gone="1"]');
  await expect(gone).toContainText('Bob n’est plus en ligne : la table l’attend.'.replace(' :', '\u00a0:'));
  await gone.locator('[data-do="hand-over"]').click();
  await expect(alice.locator('[data-seat-tile="1"]')).toContainText('Blaise (moyen)');
  await expect(gone).toHaveCount(0);
  // The bot plays Bob's move.
  await expect.poll(() => seq(alice)).toBeGreaterThan(0);
  const info = await (await request.get(`${base()}/api/rooms/${room}`)).json();
  expect(info.seats[1]).toMatchObject({ kind: 'bot', bot: 'bot:medium' });
  await alice.context().close();
});

test('cards move between places, and nothing moves for a reader who asked for less motion', async ({ browser, request }) => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const context = await browser.newContext({ locale: 'fr-FR', reducedMotion });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.animations = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function counted(...args) { window.animations += 1; return animate.apply(this, args); };
    });
    const room = await createRoom(request, 'crazyeights', 2, ['human', 'bot:easy'], {}, { seed: 2 });
    await joinByLink(page, room, 'Alice');
    for (let i = 0; i < 3; i++) {
      const before = await seq(page);
      await page.locator('main .playable, main .actions button[data-action]').first().click();
      const menu = page.locator('.menu button[data-action]');
      if (await menu.count()) await menu.first().click();
      await expect.poll(() => seq(page)).toBeGreaterThan(before);
    }
    const made = await page.evaluate(() => window.animations);
    if (reducedMotion === 'reduce') expect(made).toBe(0);
    else expect(made).toBeGreaterThan(0);
    await context.close();
  }
});

test('on a phone, the page does not jump while the table moves, and one’s own hand stays in view', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Battle GUM with the clock playing Alice's moves: 13s and pick-ups come and go by themselves.
  const room = await createRoom(request, 'gum', 3, ['human', 'bot:easy', 'bot:easy'], {}, { turn_clock_ms: 1000, bot_delay_ms: 200, seed: 13 });
  await joinByLink(page, room, 'Alice');
  const start = await seq(page);
  await page.evaluate(() => window.scrollTo(0, 260));
  while ((await seq(page)) < start + 25) {
    const before = await seq(page);
    await page.waitForFunction((old) => Number(document.querySelector('main.table-page').dataset.seq) > old, before, { timeout: 20_000 });
    const { y, max } = await page.evaluate(() => ({ y: window.scrollY, max: document.documentElement.scrollHeight - window.innerHeight }));
    // The page stays about where it was put (the browser's scroll anchoring may shift it a few
    // pixels to keep what is in view still when something above grows), unless it became too
    // short to stay there: it never jumps to the top.
    expect(Math.abs(y - Math.min(260, max))).toBeLessThan(60);
    // One's own cards and the prompt are on screen.
    const { hand, dock } = await page.evaluate(() => ({
      hand: document.querySelector('[data-own-hand]').getBoundingClientRect().toJSON(),
      dock: document.querySelector('.dock').getBoundingClientRect().toJSON(),
    }));
    expect(hand.bottom).toBeLessThanOrEqual(dock.top + 1);
    expect(hand.top).toBeLessThan(844 - 60);
    expect(dock.bottom).toBeLessThanOrEqual(844 + 1);
  }
  await context.close();
});

test('a card focused from the keyboard keeps the focus while the others move', async ({ page, request }) => {
  // Battle GUM's swaps: everyone swaps at once, so the bots' swaps come in while Alice, whose
  // cards stay lit, has one in focus.
  const room = await createRoom(request, 'gum', 3, ['human', 'bot:easy', 'bot:easy'], {}, { bot_delay_ms: 400, seed: 2 });
  await joinByLink(page, room, 'Alice');
  const card = page.locator('.gum-me .playable').first();
  await card.focus();
  const key = await page.evaluate(() => document.activeElement.dataset.actions || document.activeElement.dataset.action);
  expect(key).toBeTruthy();
  const start = await seq(page);
  await expect.poll(() => seq(page), { timeout: 20_000 }).toBeGreaterThan(start + 1);
  expect(await page.evaluate(() => document.activeElement.dataset.actions || document.activeElement.dataset.action)).toBe(key);
  // What a screen reader reads on it is the move, with a verb.
  expect(await page.evaluate(() => document.activeElement.getAttribute('aria-label'))).toMatch(/^(échanger|poser)/);
});

test('a hidden tab gets a notification when it becomes the reader’s turn', async ({ page, request }) => {
  await page.addInitScript(() => {
    window.notes = [];
    Object.defineProperty(document, 'hidden', { get: () => true });
    window.Notification = class {
      constructor(title, options) { window.notes.push([title, options.body]); }
      static get permission() { return 'granted'; }
      static requestPermission() { return Promise.resolve('granted'); }
    };
  });
  const room = await createRoom(request, 'nantais', 2, ['human', 'bot:easy'], { rounds_to_win: 1 }, { dealer: 0, bot_delay_ms: 1000, seed: 4 });
  await joinByLink(page, room, 'Alice');
  await expect.poll(() => page.evaluate(() => window.notes.length), { timeout: 20_000 }).toBe(1);
  expect(await page.evaluate(() => window.notes[0])).toEqual(['Le 8 Nantais — tapis', 'À vous de jouer.']);
});

// Opens, for every game in turn, a phone-sized page (390 × 844) joined as `name` to a room where
// the others are easy bots slow enough (5 s) that the table stands still while `check` looks.
async function forEachGameOnPhone(browser, request, { locale, name, players = {}, extra = {} }, check) {
  const games = { nantais: 3, nurmut: 3, gum: 3, nainjaune: 4, njet: 4, crazyeights: 3, ...players };
  for (const [game, count] of Object.entries(games)) {
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const seats = ['human', ...Array(count - 1).fill('bot:easy')];
    const room = await createRoom(request, game, count, seats, {}, { bot_delay_ms: 5000, seed: 3, ...extra });
    await joinByLink(page, room, name);
    await check(page, game);
    await context.close();
  }
}

test('on a phone, every game keeps one’s own hand in view at the foot of the screen, above the prompt', async ({ browser, request }) => {
  await forEachGameOnPhone(browser, request, { locale: 'fr-FR', name: 'Alice', players: { nainjaune: 3 } }, async (page, game) => {
    await expect(page.locator('[data-own-hand]')).toBeVisible();
    for (const y of [0, 10_000]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      const { hand, dock, wide } = await page.evaluate(() => ({
        hand: document.querySelector('[data-own-hand]').getBoundingClientRect().toJSON(),
        dock: document.querySelector('.dock').getBoundingClientRect().toJSON(),
        wide: document.documentElement.scrollWidth,
      }));
      expect(wide, game).toBeLessThanOrEqual(390);
      expect(hand.bottom, game).toBeLessThanOrEqual(dock.top + 1);
      expect(hand.top, game).toBeGreaterThanOrEqual(0);
      expect(dock.bottom, game).toBeLessThanOrEqual(845);
    }
  });
});

test('on a phone, every part of every game’s board can be scrolled into view above one’s own hand', async ({ browser, request }) => {
  await forEachGameOnPhone(browser, request, { locale: 'en-GB', name: 'Ann' }, async (page, game) => {
    await expect(page.locator('[data-own-hand]')).toBeVisible();
    // Down the page 10 px at a time: each card, cell or move of the table outside one's hand
    // must once stand whole between the screen's top and the hand's top edge.
    const { hidden, parts } = await page.evaluate(async () => {
      const all = [...document.querySelectorAll('section.game .card, section.game [data-card], section.game .playable, section.game [class*="cell"], section.game [class*="pile"], section.game button')]
        .filter((el) => !el.closest('[data-own-hand], details:not([open])') && el.getBoundingClientRect().height > 0);
      const seen = new Set();
      const max = document.documentElement.scrollHeight - innerHeight;
      for (let y = 0; y <= max + 10; y += 10) {
        window.scrollTo(0, y);
        await new Promise((done) => requestAnimationFrame(() => done()));
        const top = document.querySelector('[data-own-hand]').getBoundingClientRect().top;
        all.forEach((el, i) => {
          const r = el.getBoundingClientRect();
          if (r.top >= -1 && r.bottom <= top + 1) seen.add(i);
        });
      }
      return { hidden: all.filter((_, i) => !seen.has(i)).map((el) => el.className), parts: all.length };
    });
    expect(parts, game).toBeGreaterThan(3);
    expect(hidden, game).toEqual([]);
  });
});

test('on an English phone, every game’s seat names keep clear of the dealer’s badge', async ({ browser, request }) => {
  // Ann deals: her seat (the players' strip's, or the game's own tile) and the badge share a box.
  await forEachGameOnPhone(browser, request, { locale: 'en-GB', name: 'Ann', extra: { dealer: 0 } }, async (page, game) => {
    const mine = page.locator('.seats .seat[data-seat="0"], main .game [data-seat-tile="0"]').first();
    await expect(mine).toContainText(/Ann \(you\)|You/);
    await expect(mine.locator('.dealer').first()).toBeVisible();
    // The words of the badge's box that lie over the badge, a strip's or a tile's.
    const under = await page.evaluate(() => [...document.querySelectorAll('main .dealer')].flatMap((badge) => {
      const box = badge.closest('.seat, [data-seat-tile]');
      if (!box) return [];
      const b = badge.getBoundingClientRect();
      const found = [];
      const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        if (badge.contains(node) || !node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          // Within 4 pixels counts as touching.
          if (r.right > b.left - 4 && r.left < b.right + 4 && r.bottom > b.top + 1 && r.top < b.bottom - 1) found.push(node.textContent.trim());
        }
      }
      return found;
    }));
    expect(under, game).toEqual([]);
  });
});

// Alice holds nothing that goes on the 5♠: drawing is her only move. The bots wait 4 s, so that
// only the table could move in the meantime.
function loneDraw() {
  const hands = [['9D', '3H', '2H'], ['3D', '4D', '6H'], ['3C', '4C', '6C']];
  const discard = ['5S'];
  const stock = [];
  for (const s of 'SHDC') for (const r of '23456789TJQKA') stock.push(r + s);
  stock.push('X', 'X');
  for (const c of [...hands.flat(), ...discard]) stock.splice(stock.indexOf(c), 1);
  return { hands, stock, discard };
}
const loneDrawRoom = (request) => createRoom(request, 'nantais', 3, ['human', 'bot:easy', 'bot:easy'],
  { rounds_to_win: 1 }, { seed: 3, deal: loneDraw(), bot_delay_ms: 4000 });

test('« Jouer pour moi mes coups forcés » off: a lone move waits for the click; turned on, the table plays it', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('tapis.auto-forced', 'off'));
  const sent = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(JSON.parse(f.payload))));
  const room = await loneDrawRoom(request);
  await joinByLink(page, room, 'Alice');
  const box = page.locator('#auto-forced');
  await expect(box).not.toBeChecked();
  expect(sent.find((m) => m.type === 'hello').auto_forced).toBe(false);
  await expect(page.locator('.game-nantais [data-pile="stock"].playable')).toHaveAttribute('data-action', 'draw');
  // The slowest forced move comes 2.6 s after the turn begins: past it, the draw still waits.
  await page.waitForTimeout(4000);
  expect(await seq(page)).toBe(0);
  await expect(page.locator('.game-nantais [data-pile="stock"].playable')).toBeVisible();
  // Turned on, the switch is remembered and told to the room, which draws for her.
  await box.check();
  expect(await page.evaluate(() => localStorage.getItem('tapis.auto-forced'))).toBe('on');
  expect(sent.filter((m) => m.type === 'settings')).toEqual([{ type: 'settings', auto_forced: true }]);
  await expect.poll(() => seq(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  expect(sent.filter((m) => m.type === 'act')).toEqual([]);
  await expect(page.locator('.log')).toContainText('Alice pioche');
});

test('« Jouer pour moi mes coups forcés » is on by default: a lone move is played without a click', async ({ page, request }) => {
  const sent = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(JSON.parse(f.payload))));
  const room = await loneDrawRoom(request);
  await joinByLink(page, room, 'Alice');
  await expect(page.locator('#auto-forced')).toBeChecked();
  expect(sent.find((m) => m.type === 'hello').auto_forced).toBe(true);
  await expect.poll(() => seq(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  expect(sent.filter((m) => m.type === 'act')).toEqual([]);
  await expect(page.locator('.log')).toContainText('Alice pioche');
});

test('the prompt elides « de » before a vowel, and says so when the person it waits for has gone', async ({ browser, request }) => {
  // Oncle Paul plays first (Alice deals); Alice holds a phone, where this line stays in view.
  const room = await createRoom(request, 'nantais', 2, ['human', 'human'], { rounds_to_win: 1 }, { dealer: 0, seed: 5 });
  const alice = await (await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } })).newPage();
  const paulContext = await browser.newContext({ locale: 'fr-FR' });
  const paul = await paulContext.newPage();
  await joinByLink(alice, room, 'Alice');
  await joinByLink(paul, room, 'Oncle Paul');
  const prompt = alice.locator('p.prompt');
  await expect(prompt).toHaveText('Au tour d’Oncle Paul.');
  await paulContext.close();
  await expect(prompt).toHaveText('Au tour d’Oncle Paul, qui n’est plus en ligne.');
  await alice.locator('.lang-switch').click();
  await expect(alice.locator('p.prompt')).toHaveText('Waiting for Oncle Paul, who is no longer online.');
  await alice.context().close();
});

test('the rematch notice reads as news, not as an error, and follows the language switch', async ({ page, request }) => {
  const code = await createRoom(request, 'crazyeights', 2, ['human', 'bot:easy'], { max_turns: 20 }, { seed: 3 });
  await joinByLink(page, code, 'Alice');
  await playToEnd(page, { seed: 3 });
  await page.locator('[data-do="rematch"]').click();
  const notice = page.locator('.dock .notice');
  await expect(notice).toHaveText('Revanche\u00a0: une nouvelle partie commence.');
  await expect(notice).toHaveAttribute('role', 'status');
  // Not the red of an error.
  expect(await notice.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(179, 38, 30)');
  await page.locator('.lang-switch').click();
  await expect(page.locator('.dock .notice')).toHaveText('Rematch: a new match begins.');
});

test('the Journal comes back when the tab is closed and the link opened again on the same device', async ({ browser, request }) => {
  const room = await createRoom(request, 'crazyeights', 2, ['human', 'bot:easy'], { max_turns: 20 }, { seed: 3 });
  const context = await browser.newContext({ locale: 'fr-FR' });
  const first = await context.newPage();
  await joinByLink(first, room, 'Alice');
  await playToEnd(first, { seed: 5 });
  const lines = await first.locator('ol.log li').allTextContents();
  expect(lines.length).toBeGreaterThan(2);
  await first.close();
  // A new tab: its sessionStorage is empty, the device's localStorage is not.
  const again = await context.newPage();
  await again.goto(`${base()}/r/${room}`);
  await expect(again.locator('main.table-page')).toBeVisible();
  await expect(again.locator('ol.log li')).toHaveText(lines);
  // A reload gives it back too.
  await again.reload();
  await expect(again.locator('main.table-page')).toBeVisible();
  await expect(again.locator('ol.log li')).toHaveText(lines);
  await context.close();
});
