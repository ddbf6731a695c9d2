// A seat's review of a finished match on the replay page (docs/review.md), as a person asks for
// it: the fixture database's finished Le Nain Jaune match, served by its own `tapis serve`. The
// summary says what the server's review holds, the chance line marks each costly move, a click
// on a mark steps the replay to that move and shows the options the seat had there.
import { test, expect } from '@playwright/test';
import { serveFixture } from './helpers.js';

let served;

test.beforeAll(async () => {
  served = await serveFixture('tapis-review-');
});

test.afterAll(() => {
  if (served) served.stop();
});

for (const [locale, ask, summary, played, position] of [
  ['fr-FR', 'Revoir les coups d’Alice avec le bot difficile', /^\d+ décisions d’Alice\u00a0: /, '(joué)', (i) => `coup ${i} sur 98`],
  ['en-GB', 'Review Alice’s moves with the hard bot', /^\d+ decisions of Alice: /, '(played)', (i) => `move ${i} of 98`],
]) {
  test(`a finished match's review marks the costly moves, a click away (${locale})`, async ({ browser }, testInfo) => {
    const room = served.rooms['nainjaune finished'];
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${served.url}/r/${room}/replay`);
    await page.getByRole('button', { name: ask }).click();
    await expect(page.locator('.review-summary')).toHaveText(summary, { timeout: 60_000 });
    const review = await (await page.request.get(`${served.url}/api/rooms/${room}/review?seat=0&match=1`)).json();
    const marked = review.decisions.filter((d) => d.grade);
    expect(marked.length).toBeGreaterThan(0);
    const s = review.summary;
    await expect(page.locator('.review-summary')).toContainText(locale === 'fr-FR'
      ? `${s.decisions} décisions d’Alice\u00a0: ${s.inaccuracies} imprécision`
      : `${s.decisions} decisions of Alice: ${s.inaccuracies} inaccurac`);
    // One dot on the chance line and one line in the list for each marked move, in order.
    const dots = page.locator('svg.chance-line circle.mark');
    await expect(dots).toHaveCount(marked.length);
    await expect(page.locator('.review-marks button.mark')).toHaveCount(marked.length);
    for (const [i, d] of marked.entries()) await expect(dots.nth(i)).toHaveAttribute('class', `mark ${d.grade}`);
    // The last marked move, from its dot: the replay goes there and shows the seat's options.
    const last = marked[marked.length - 1];
    await dots.nth(marked.length - 1).click();
    await expect(page.locator('.replay-pos')).toHaveText(position(last.index));
    const here = page.locator('.review-here');
    await expect(here).toHaveAttribute('data-index', String(last.index));
    await expect(here.locator('li.played')).toContainText(played);
    await expect(here.locator('strong.mark')).toHaveClass(`mark ${last.grade}`);
    await page.screenshot({ path: testInfo.outputPath(`review-${locale}.png`) });
    // The first from the list.
    await page.locator('.review-marks button.mark').first().click();
    await expect(page.locator('.replay-pos')).toHaveText(position(marked[0].index));
    await expect(here).toHaveAttribute('data-index', String(marked[0].index));
    // Seen from another seat, the review offered is that seat's.
    await page.locator('.replay-controls select').selectOption('1');
    await expect(page.locator('button.ask-review')).toContainText('Bob');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('on a phone, a marked move clicked under the board brings the board back into view', async ({ browser }) => {
  const room = served.rooms['nainjaune finished'];
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${served.url}/r/${room}/replay`);
  await page.getByRole('button', { name: 'Review Alice’s moves with the hard bot' }).click();
  const first = page.locator('.review-marks button.mark').first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  await first.scrollIntoViewIfNeeded();
  const top = () => page.locator('.board').evaluate((b) => b.getBoundingClientRect().top);
  expect(await top()).toBeLessThan(0);
  const index = await first.getAttribute('data-index');
  await first.click();
  await expect(page.locator('.replay-pos')).toHaveAttribute('data-pos', index);
  await expect.poll(top).toBeGreaterThan(-1);
  await context.close();
});
