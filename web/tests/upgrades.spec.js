// A room whose match was stored under other rules than the server's (docs/upgrades.md), as a
// person opens it: the fixture database of the last release (crates/cli/tests/fixtures/), one of
// its mid-match rooms marked as played under rules version 0, served by its own `tapis serve`.
// The page shows the notice in the reader's language, the record's download and the moves as
// stored; it offers no seat, no move and no chat.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { serveFixture } from './helpers.js';

let served;
let url;
let room;
let actions;

test.beforeAll(async () => {
  served = await serveFixture('tapis-read-only-', (db, rooms) => {
    room = rooms['nainjaune mid-match'];
    // Python's sqlite3 (Node 20 has none): the match marked as played under rules version 0.
    actions = JSON.parse(execFileSync('python3', ['-c', `
import json, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
assert c.execute("UPDATE matches SET rules = 0 WHERE room = ?", (sys.argv[2],)).rowcount == 1
c.commit()
print(json.dumps([[s, a] for s, a in c.execute("SELECT seat, action FROM actions WHERE room = ? ORDER BY seq", (sys.argv[2],))]))
`, db, room]).toString());
  });
  url = served.url;
});

test.afterAll(() => {
  if (served) served.stop();
});

for (const [locale, says, download, movesTitle] of [
  ['fr-FR', 'version antérieure des règles', 'Télécharger l’enregistrement de la partie', 'Les coups joués, dans la notation de l’enregistrement'],
  ['en-GB', 'an earlier version of the rules', 'Download the match’s record', 'The moves played, in the record’s notation'],
]) {
  test(`a room of other rules opens read-only, with its notice and its moves (${locale})`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}/r/${room}`);
    const box = page.locator('section.read-only');
    await expect(box).toBeVisible();
    await expect(box).toContainText(says);
    const link = box.locator('a[download]');
    await expect(link).toHaveText(download);
    await expect(link).toHaveAttribute('href', `/api/rooms/${room}/record`);
    await expect(box.locator('h2')).toHaveText(movesTitle);
    // Every stored move, in order, each under the name of the seat that played it.
    const moves = box.locator('.read-only-moves li');
    await expect(moves).toHaveCount(actions.length);
    for (const [i, [, action]] of actions.entries()) {
      await expect(moves.nth(i)).toHaveText(new RegExp(`: ${action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    }
    // Nobody is invited to it.
    await expect(page.locator('main .lead')).toHaveCount(0);
    // Nothing to take: no name to write, no seat to sit in, no card or button of a move, no chat.
    await expect(page.locator('main input, main form, main .playable, main .actions button, .chat input')).toHaveCount(0);
    // The record downloads as stored.
    const record = await (await page.request.get(`${url}/api/rooms/${room}/record`)).json();
    expect(record.rules).toBe(0);
    expect(record.actions).toEqual(actions);
    await page.screenshot({ path: testInfo.outputPath(`read-only-${locale}.png`), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
}
