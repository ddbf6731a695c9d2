// Two people at one table, each in their own browser, through the invite link; a race in a
// reaction window; a reload in the middle of a match.
import { test, expect } from '@playwright/test';
import { base, createRoom, joinByLink, playToEnd } from './helpers.js';

/// A Le 8 Nantais deal for two: Alice holds 5♠ and 9♣, so after her 5♠ she holds one card and
/// both may act at once: she may say UNIQUE, Bob may say CONTRE UNIQUE.
function raceDeal() {
  const hands = [['5S', '9C'], ['2S', '3S', '4S', '6S', '8S', '9S', 'TS']];
  const discard = ['5H'];
  const used = new Set([...hands.flat(), ...discard]);
  const stock = [];
  for (const suit of 'SHDC') for (const rank of '23456789TJQKA') if (!used.has(rank + suit)) stock.push(rank + suit);
  stock.push('X', 'X');
  return { hands, stock, discard };
}

test('two people join through the invite link, race in a window, and play a whole match', async ({ browser, request }) => {
  const room = await createRoom(request, 'nantais', 2, ['human', 'human'], { rounds_to_win: 1 }, { deal: raceDeal(), seed: 3 });
  const alice = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  const bob = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await joinByLink(alice, room, 'Alice');
  // The one who came first waits, with the link to send.
  await expect(alice.locator('#invite-link')).toHaveValue(`${base()}/r/${room}`);
  await joinByLink(bob, room, 'Bob');
  await expect(alice.locator('main.table-page')).toHaveAttribute('data-seat', '0');
  await expect(bob.locator('[data-seat-tile="0"]')).toContainText('Alice');
  await expect(alice.locator('[data-seat-tile="1"]')).toContainText('Bob');

  // Her second-to-last card offers to lay it alone or to say UNIQUE with it: she lays it alone.
  await alice.locator('[data-card="5S"]').click();
  await expect(alice.locator('.menu button[data-then="unique"]')).toHaveText('poser 5♠ et annoncer UNIQUE');
  await alice.locator('.menu button[data-action="play 5S"]:not([data-then])').click();
  const contre = bob.locator('[data-action="contre 0"]');
  const unique = alice.locator('[data-action="unique"]');
  await expect(contre).toBeVisible();
  await expect(unique).toBeVisible();
  // Both click at once: whichever reaches the server first is applied, the other is refused
  // (or its button goes away before the click), and both tables agree on what happened.
  await Promise.all([
    contre.click({ timeout: 3000 }).catch(() => {}),
    unique.click({ timeout: 3000 }).catch(() => {}),
  ]);
  // Seq 2 after the race, or 3 once the table has played Alice's lone `end` for her (about a
  // second later; the losing click may have waited for its button that long).
  await expect(alice.locator('main.table-page')).toHaveAttribute('data-seq', /^[23]$/);
  await expect(bob.locator('main.table-page')).toHaveAttribute('data-seq', /^[23]$/);
  const log = await alice.locator('.log').textContent();
  if (log.includes('CONTRE')) {
    await expect(alice.locator('[data-seat-tile="0"]')).toContainText('3 cartes');
    await expect(bob.locator('.log')).toContainText('CONTRE');
  } else {
    expect(log).toContain('UNIQUE');
    await expect(alice.locator('[data-seat-tile="0"]')).toContainText('1 carte');
    await expect(bob.locator('.log')).toContainText('UNIQUE');
  }
  await expect(contre).toHaveCount(0);
  await expect(unique).toHaveCount(0);

  // They talk.
  await alice.locator('[data-tab="chat"]').click();
  await alice.locator('#chat-text').fill('Bien joué !');
  await alice.locator('.chat-form button').click();
  await bob.locator('[data-tab="chat"]').click();
  await expect(bob.locator('.chat')).toContainText('Alice: Bien joué !');
  await alice.locator('[data-tab="log"]').click();
  await bob.locator('[data-tab="log"]').click();

  // Then they play on, each in their own browser, to the end.
  await Promise.all([playToEnd(alice, { seed: 1 }), playToEnd(bob, { seed: 2 })]);
  await expect(alice.locator('.dialog [data-result="winners"]')).toBeVisible();
  await expect(bob.locator('.dialog [data-result="winners"]')).toBeVisible();
});

test('a reload in the middle of a match comes back to the same seat and the match goes on', async ({ page, request }) => {
  const room = await createRoom(request, 'nainjaune', 3, ['human', 'bot:easy', 'bot:easy'], { rounds: 1 }, { seed: 5 });
  await joinByLink(page, room, 'Alice');
  await expect(page.locator('main.table-page')).toHaveAttribute('data-seat', '0');
  let reloaded = false;
  await playToEnd(page, {
    seed: 3,
    onMove: async (moves) => {
      if (moves !== 3 || reloaded) return;
      reloaded = true;
      const seq = Number(await page.locator('main.table-page').getAttribute('data-seq'));
      const logged = await page.locator('.log li').count();
      await page.reload();
      await expect(page.locator('main.table-page')).toBeVisible();
      await expect(page.locator('main.table-page')).toHaveAttribute('data-seat', '0');
      expect(Number(await page.locator('main.table-page').getAttribute('data-seq'))).toBeGreaterThanOrEqual(seq);
      expect(await page.locator('.log li').count()).toBeGreaterThanOrEqual(logged);
      await expect(page.locator('#join-name')).toHaveCount(0);
    },
  });
  expect(reloaded).toBe(true);
  await expect(page.locator('.dialog [data-result="winners"]')).toBeVisible();
});

test('a move on its way when the connection drops is sent again once the page is back', async ({ page, request }) => {
  // The bot waits a minute: nothing moves at the table but the person's own move.
  const room = await createRoom(request, 'crazyeights', 2, ['human', 'bot:easy'], {}, { seed: 3, bot_delay_ms: 60_000 });
  // Between the page and the server, a hand that swallows the first `act` and drops the
  // connection, as a server dying with the move on its way would; afterwards it lets all through.
  const acts = [];
  let connections = 0;
  await page.routeWebSocket(/\/api\/rooms\/[^/]+\/ws$/, (ws) => {
    connections += 1;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const m = JSON.parse(message);
      if (m.type === 'act') {
        acts.push({ action: m.action, seq: m.seq, forwarded: connections > 1 });
        if (connections === 1) {
          ws.close({ code: 1012, reason: '' });
          server.close();
          return;
        }
      }
      server.send(message);
    });
  });
  await joinByLink(page, room, 'Alice');
  const table = page.locator('main.table-page');
  await expect(table).toHaveAttribute('data-seq', '0');
  const move = page.locator('main .playable[data-action]').first();
  const action = await move.getAttribute('data-action');
  await move.click();
  // Back on a new connection, the move goes again by itself: one click, one move played.
  await expect(table).toHaveAttribute('data-seq', '1');
  expect(connections).toBe(2);
  expect(acts).toEqual([{ action, seq: 0, forwarded: false }, { action, seq: 0, forwarded: true }]);
  await expect(page.locator('.log li').last()).toContainText('Alice');
});

test('a move clicked while the page reconnects is sent once the connection is back', async ({ page, request }) => {
  const room = await createRoom(request, 'crazyeights', 2, ['human', 'bot:easy'], {}, { seed: 3, bot_delay_ms: 60_000 });
  // The first connection goes through until the test cuts it; the second fails at once, as a
  // server still restarting would; the third goes through.
  const routes = [];
  const acts = [];
  await page.routeWebSocket(/\/api\/rooms\/[^/]+\/ws$/, (ws) => {
    routes.push(ws);
    const n = routes.length;
    if (n === 2) {
      ws.close({ code: 1012, reason: '' });
      return;
    }
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const m = JSON.parse(message);
      if (m.type === 'act') acts.push({ connection: n, action: m.action, seq: m.seq });
      server.send(message);
    });
  });
  await joinByLink(page, room, 'Alice');
  const table = page.locator('main.table-page');
  await expect(table).toHaveAttribute('data-seq', '0');
  routes[0].close({ code: 1012, reason: '' });
  await expect(page.locator('.conn')).toHaveAttribute('data-state', 'reconnecting');
  const move = page.locator('main .playable[data-action]').first();
  const action = await move.getAttribute('data-action');
  await move.click();
  await expect(table).toHaveAttribute('data-seq', '1');
  expect(routes.length).toBe(3);
  expect(acts).toEqual([{ connection: 3, action, seq: 0 }]);
});
