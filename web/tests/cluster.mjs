// Not a test: the by-hand check of issue 30's "a match of each game played by clients spread over
// three nodes, with one node killed in the middle", in a real Chromium. Starts its own PostgreSQL
// (initdb in a temporary folder, as the `postgres` user when run as root) and `nats-server`, then
// three nodes as "Running several servers" in docs/scaling.md says (`tapis serve --node nK --store
// postgres://… --nats nats://…`, default 10 s leases). For each game, one room made on node 1 (so
// node 1 owns it) with three people and bots; the three people open the invite link each on another
// node and click through the match. After a few of their moves, node 1 is killed with SIGKILL and
// started again 15 s later (as a supervisor would): the people of nodes 2 and 3 go on through
// another owner, the person of node 1 comes back when it does. Prints a timeline per game and
// writes each page's last screen under the output folder.
// Usage (from web/tests, after `cargo build --release -p tapis` and `npm ci`):
//   node cluster.mjs [game...]        (TAPIS_BIN to use another binary; OUT for the pictures)
import { chromium } from '@playwright/test';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playToEnd } from './helpers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = process.env.TAPIS_BIN || join(root, 'target', 'release', 'tapis');
const out = process.env.OUT || join(tmpdir(), 'tapis-cluster-shots');
const PG_BIN = process.env.TAPIS_PG_BIN || '/usr/lib/postgresql/15/bin';
const GAMES = [
  ['nainjaune', 4, ['human', 'human', 'human', 'bot:easy'], { rounds: 1 }],
  ['njet', 4, ['human', 'human', 'human', 'bot:easy'], { rounds: 1 }],
  ['nantais', 4, ['human', 'human', 'human', 'bot:easy'], { rounds_to_win: 1 }],
  ['nurmut', 4, ['human', 'human', 'human', 'bot:easy'], { rounds: 1 }],
  ['gum', 3, ['human', 'human', 'human'], { games: 1 }],
  ['crazyeights', 4, ['human', 'human', 'human', 'bot:easy'], {}],
];
const KILL_AFTER_MOVES = 6;
const RESTART_AFTER_MS = 15_000;

const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});

// PostgreSQL, as the tests start it.
const asRoot = process.getuid() === 0;
const pgData = mkdtempSync(join(tmpdir(), 'tapis-cluster-pg-'));
if (asRoot) { chmodSync(pgData, 0o777); execFileSync('chown', ['postgres', pgData]); }
const pg = (args) => (asRoot
  ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', args.map((a) => `'${a}'`).join(' ')])
  : execFileSync(args[0], args.slice(1)));
const pgPort = await freePort();
pg([`${PG_BIN}/initdb`, '-D', pgData, '-A', 'trust', '-U', 'postgres']);
pg([`${PG_BIN}/pg_ctl`, '-D', pgData, '-w', '-l', join(pgData, 'log'), '-o',
  `-p ${pgPort} -k ${pgData} -c listen_addresses=127.0.0.1`, 'start']);
const store = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
const natsPort = await freePort();
const nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(natsPort)], { stdio: 'ignore' });
await sleep(500);

// Three nodes on fixed ports, so that a node started again answers where its clients were.
const ports = [await freePort(), await freePort(), await freePort()];
const urls = ports.map((p) => `http://127.0.0.1:${p}`);
const nodes = [null, null, null];
function startNode(i) {
  const child = spawn(binary, ['serve', '--addr', `127.0.0.1:${ports[i]}`, '--node', `n${i + 1}`, '--store', store,
    '--nats', `nats://127.0.0.1:${natsPort}`, '--rooms-per-minute', '0'],
  { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RUST_LOG: 'info' } });
  child.stderr.on('data', (d) => {
    for (const line of String(d).split('\n')) if (/lease|took|took over|takeover|epoch/i.test(line)) log(`n${i + 1}:`, line.replace(/\x1b\[[0-9;]*m/g, '').slice(0, 160));
  });
  nodes[i] = child;
}
async function waitUp(i) {
  for (let k = 0; k < 100; k++) {
    try { if ((await fetch(`${urls[i]}/api/health`)).ok) return; } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error(`node n${i + 1} did not start`);
}
for (let i = 0; i < 3; i++) startNode(i);
for (let i = 0; i < 3; i++) await waitUp(i);
log('three nodes up:', urls.join(' '));

/// Which node holds the room, by the nodes' own health (`leases`).
async function owner(room) {
  for (let i = 0; i < 3; i++) {
    try {
      const h = await (await fetch(`${urls[i]}/api/health`)).json();
      const lease = (h.leases || {})[room];
      if (lease) return `n${i + 1} (epoch ${lease.epoch})`;
    } catch { /* dead */ }
  }
  return 'nobody';
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
const results = [];
try {
  for (const [game, players, seats, options] of GAMES) {
    if (only.length && !only.includes(game)) continue;
    const made = await fetch(`${urls[0]}/api/rooms`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game, players, seats, options, seed: 7, bot_delay_ms: 0 }),
    });
    if (made.status !== 201) throw new Error(`${game}: ${made.status} ${await made.text()}`);
    const { room } = await made.json();
    log(`${game}: room ${room} made on n1, held by ${await owner(room)}`);
    const names = ['Alice', 'Bruno', 'Chloé'];
    const pages = [];
    const opens = [0, 0, 0];
    const closes = [[], [], []];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR', reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.on('websocket', (ws) => {
        opens[i] += 1;
        ws.on('close', () => closes[i].push(((Date.now() - t0) / 1000).toFixed(1)));
      });
      await page.goto(`${urls[i]}/r/${room}`);
      await page.locator('#join-name').fill(names[i]);
      await page.locator('form.join button[type=submit]').click();
      await page.locator('main.table-page').waitFor();
      pages.push(page);
    }
    log(`${game}: ${names.join(', ')} seated through n1, n2, n3`);
    let moves = 0;
    let killedAt = null;
    let back = null;
    const onMove = async () => {
      moves += 1;
      if (moves === KILL_AFTER_MOVES && killedAt === null) {
        killedAt = Date.now();
        nodes[0].kill('SIGKILL');
        log(`${game}: n1 killed (SIGKILL) after ${moves} moves of the people`);
        back = (async () => {
          // When the room acknowledges again, on which node: a node's health lists the lease.
          for (;;) {
            const o = await owner(room);
            if (o !== 'nobody' && !o.startsWith('n1')) { log(`${game}: room held again by ${o}, ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`); break; }
            if (Date.now() - killedAt > 60_000) { log(`${game}: no node holds the room 60 s after the kill`); break; }
            await sleep(200);
          }
          await sleep(Math.max(0, RESTART_AFTER_MS - (Date.now() - killedAt)));
          startNode(0);
          await waitUp(0);
          log(`${game}: n1 started again`);
        })();
      }
    };
    const played = await Promise.all(pages.map((page, i) => playToEnd(page, { seed: 11 + i, onMove }).catch(async (e) => {
      await page.screenshot({ path: join(out, `${game}-${i + 1}-stuck.png`) });
      const seq = await page.locator('main.table-page').getAttribute('data-seq').catch(() => '?');
      log(`${game}: ${names[i]} (n${i + 1}) stuck at seq ${seq}: ${String(e.message).split('\n')[0]}`);
      throw e;
    })));
    if (back) await back;
    // The winners' line speaks to each reader (« Vous avez gagné ! ») and the sheet names the
    // reader « Vous »: its figures, in seat order, are the same for all.
    const winners = await Promise.all(pages.map(async (p) => (await p.locator('.dialog .sheet').innerText()).replace(/[^\d()+\-−\s]/g, '').replace(/\s+/g, ' ').trim()));
    for (let i = 0; i < 3; i++) await pages[i].screenshot({ path: join(out, `${game}-${i + 1}.png`) });
    const same = winners.every((w) => w === winners[0]);
    log(`${game}: over; moves ${played.join('/')}, sockets opened ${opens.join('/')}, closed at ${closes.map((c) => `[${c.join(', ')}]`).join(' ')}; results ${same ? 'the same on the three pages' : 'DIFFER'}: ${winners[0].replace(/\s+/g, ' ').slice(0, 120)}`);
    results.push({ game, same, opens });
    for (const p of pages) await p.context().close();
  }
} finally {
  await browser.close();
  for (const n of nodes) n?.kill('SIGKILL');
  nats.kill();
  try { pg([`${PG_BIN}/pg_ctl`, '-D', pgData, '-m', 'immediate', 'stop']); } catch { /* already stopped */ }
  rmSync(pgData, { recursive: true, force: true });
}
const bad = results.filter((r) => !r.same);
log(`${results.length} matches played to the end across three nodes; ${bad.length} with different results`);
process.exit(bad.length ? 1 : 0);
