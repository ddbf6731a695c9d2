// What every browser test needs: rooms made through the HTTP API when the test is not about
// making them, and a player who clicks through a match as a person would.
import { expect, test } from '@playwright/test';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServe } from './server.js';
import { mkdtempSync, copyFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

export const base = () => process.env.TAPIS_URL;
/// Where screenshots.mjs writes the pictures of docs/browser.md.
export const screenshots = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');

/// Opens a room through the API: `seats` as in SERVER.md; bots act at once.
export async function createRoom(request, game, players, seats, options = {}, extra = {}) {
  const response = await request.post(`${base()}/api/rooms`, {
    data: { game, players, seats, options, bot_delay_ms: 0, ...extra },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).room;
}

/// Opens the invite link and sits down under `name`, as a person does.
export async function joinByLink(page, room, name) {
  await page.goto(`${base()}/r/${room}`);
  await page.locator('#join-name').fill(name);
  await page.locator('form.join button[type=submit]').click();
  await expect(page.locator('main.table-page')).toBeVisible();
}

/// A small deterministic generator, so a test plays the same moves on every run.
export function chooser(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

export const CLICKABLE = 'main .playable, main .actions button[data-action]';

/// The moves the page offers, each once: an element lit up offers one (`data-action`) or several
/// in a menu (`data-actions`, « poser et annoncer » counted as a move of its own).
export const offeredMoves = (page) => page.evaluate((selector) => {
  const moves = new Set();
  for (const el of document.querySelectorAll(selector)) {
    if (el.dataset.action) moves.add(el.dataset.action);
    for (const a of (el.dataset.actions || '').split('|').filter(Boolean)) moves.add(a);
  }
  return moves.size;
}, CLICKABLE);

/// Waits for the person's next decision: something offered, a round's summary, or the results.
/// A round's summary is closed, after `onRound` has looked at it. Says which it was: 'over' when
/// the results show, 'round' when a summary was closed, 'turn' when something is offered.
async function nextStep(page, { timeout, onRound = null }) {
  await page.waitForSelector(`${CLICKABLE}, [data-close="round"], .dialog [data-result="winners"]`, { timeout });
  if (await page.locator('.dialog [data-result="winners"]').isVisible()) return 'over';
  const round = page.locator('[data-close="round"]');
  if (await round.isVisible()) {
    if (onRound) await onRound();
    await round.click();
    return 'round';
  }
  return 'turn';
}

/// Clicks one of the things lit up (`first`, a selector, whenever it is offered) and answers the
/// little menu when one opens, then waits for the table to move. Says whether it clicked.
async function clickOne(page, pick, first = null) {
  const candidates = page.locator(CLICKABLE);
  const n = await candidates.count();
  if (!n) return false;
  const seq = await page.locator('main.table-page').getAttribute('data-seq');
  const urgent = first ? page.locator(first) : null;
  try {
    await (urgent && (await urgent.count()) ? urgent.first() : candidates.nth(pick(n))).click({ timeout: 3000 });
  } catch {
    return false; // the table changed under the pointer: look again
  }
  const menu = page.locator('.menu button[data-action]');
  if (await menu.count()) await menu.nth(pick(await menu.count())).click();
  await page.waitForFunction((old) => document.querySelector('main.table-page')?.dataset.seq !== old, seq, { timeout: 60_000 });
  return true;
}

/// Plays `count` of the person's moves by clicking what is lit up (the same choices on every
/// run; `first`, a selector, before anything else whenever it is offered), closing round
/// summaries; then waits until the table waits for the person again, and closes the round
/// summary shown by then. Returns early when the results show.
export async function playMoves(page, count, { first = null } = {}) {
  const pick = chooser(11);
  let played = 0;
  while (played < count) {
    const step = await nextStep(page, { timeout: 60_000 });
    if (step === 'over') return;
    if (step === 'round') continue;
    if (await clickOne(page, pick, first)) played += 1;
  }
  await nextStep(page, { timeout: 60_000 });
}

/// Plays by clicking until a round's summary shows, then closes it.
export async function playRound(page) {
  const pick = chooser(11);
  for (;;) {
    const step = await nextStep(page, { timeout: 60_000 });
    if (step === 'round') return;
    if (step === 'over') throw new Error('the match ended before a round did');
    await clickOne(page, pick);
  }
}

/// Plays by clicking until the results show: whenever something is offered, picks one of the
/// things lit up (a card, a cell, a button), answers the little menu when one opens, and
/// dismisses round summaries. Returns the number of moves this person made. Given `counts`, a
/// move offered alone is left to the table, which plays it for the person (`auto_forced` in
/// docs/server.md); if the table has not played it after 5 s (its slowest is 2.6 s), it is
/// clicked and counted in `counts.lone`, which a whole match expects to end at 0.
export async function playToEnd(page, { seed = 1, maxMoves = 3000, onMove, onRound, counts = null } = {}) {
  if (counts) counts.lone = 0;
  const pick = chooser(seed);
  let moves = 0;
  for (let i = 0; i < maxMoves * 4; i++) {
    const step = await nextStep(page, {
      timeout: 120_000,
      onRound: async () => {
        // A round's sheet gives the round's scores, not « Maintenant »: by now the next round may
        // have moved them (Le Nain Jaune's stakes).
        expect(await page.locator('.dialog .sheet tr.now').count()).toBe(0);
        if (onRound) await onRound(page);
      },
    });
    if (step === 'over') return moves;
    if (step === 'round') continue;
    const candidates = page.locator(CLICKABLE);
    const n = await candidates.count();
    if (!n) continue;
    const seq = await page.locator('main.table-page').getAttribute('data-seq');
    if (onMove) await onMove(moves);
    let lone = false;
    if (counts && (await offeredMoves(page)) === 1) {
      const played = await page.waitForFunction(
        (old) => {
          const main = document.querySelector('main.table-page');
          return !main || main.dataset.seq !== old;
        },
        seq,
        { timeout: 5000 },
      ).then(() => true, () => false);
      if (played) continue;
      lone = true;
    }
    const target = candidates.nth(pick(n));
    try {
      await target.click({ timeout: 5000 });
    } catch {
      continue; // the table changed under the pointer (a bot moved): look again
    }
    const menu = page.locator('.menu button[data-action]');
    if (await menu.count()) await menu.nth(pick(await menu.count())).click();
    moves += 1;
    if (lone) counts.lone += 1;
    await page.waitForFunction(
      (old) => {
        const main = document.querySelector('main.table-page');
        return !main || main.dataset.seq !== old || document.querySelector('.notice:not([hidden])') || document.querySelector('.dialog');
      },
      seq,
      { timeout: 60_000 },
    );
  }
  throw new Error('the match did not end');
}

/// A screenshot of the page, kept with the test's results (the pictures of docs/browser.md are
/// written by screenshots.mjs, not by the tests).
export async function shoot(page, name) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/// Counts, from the frames the page receives, the moves the table played for this person
/// (`"forced": true` in an `update`). Call before the page connects.
export function forcedMoves(page) {
  const seen = { n: 0 };
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => {
    try {
      const f = JSON.parse(frame.payload);
      if (f.type === 'update' && f.forced === true) seen.n += 1;
    } catch { /* not a frame of ours */ }
  }));
  return seen;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/// The fixture database of the last release (crates/cli/tests/fixtures/): a room of every game
/// waiting, mid-match and finished.
const FIXTURE = join(root, 'crates', 'cli', 'tests', 'fixtures', 'b8cffea');

/// A `tapis serve` of its own on a copy of the fixture database, once `prepare(db, rooms)` has
/// changed the copy if it needs to: `{url, rooms, stop}`, `rooms` the fixture's rooms by label.
export async function serveFixture(prefix, prepare = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = join(dir, 'tapis.sqlite3');
  copyFileSync(join(FIXTURE, 'tapis.sqlite3'), db);
  const rooms = Object.fromEntries(JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')).rooms.map((r) => [r.label, r.room]));
  prepare(db, rooms);
  const { server, url } = await startServe(dir);
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, rooms, stop };
}
