// HTTPS on its own, end to end: `tapis serve --domain tapis.test` obtains its certificate from
// Debian's pebble (an ACME test server) which validates the name for real (TLS-ALPN-01: pebble
// connects to the server's HTTPS port, the name resolved by pebble-challtestsrv's DNS), then a
// real Chromium that trusts pebble's root (added to an NSS database of its own, not "ignore
// certificate errors") opens the page and plays over wss://. Pebble issues 20-second certificates,
// so the server renews within the test: the socket opened before goes on, and once the first
// certificate has expired the page opens again, on the renewed one. Plain HTTP redirects, HTTPS
// answers carry HSTS. A name that cannot be validated stops the start with one line, and the data
// folder holds nothing.
import { test, expect, chromium } from '@playwright/test';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { connect } from 'node:tls';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playMoves } from './helpers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = process.env.TAPIS_BIN || join(root, 'target', 'checked', 'tapis');
const DOMAIN = 'tapis.test';
const VALIDITY_S = 20;

test.describe.configure({ mode: 'serial' });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});
const portOpen = (port) => new Promise((resolve) => {
  const s = connect({ port, host: '127.0.0.1', rejectUnauthorized: false }, () => { s.destroy(); resolve(true); });
  s.on('error', () => resolve(false));
});

// Everything the tests start, stopped at the end.
const children = [];
let dir;
let ports;
let caPem;
let pebbleRoot;

function start(program, args, env = {}) {
  const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.out = '';
  child.err = '';
  child.stdout.on('data', (d) => { child.out += d; });
  child.stderr.on('data', (d) => { child.err += d; });
  child.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  children.push(child);
  return child;
}

/// A GET over HTTPS trusting `ca` only.
function fetchTrusting(url, ca) {
  return new Promise((resolve, reject) => {
    httpsRequest(url, { ca }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve(body));
    }).on('error', reject).end();
  });
}

/// The certificate the server presents for the domain, verified against pebble's root.
function servedCertificate() {
  return new Promise((resolve, reject) => {
    const s = connect({ port: ports.https, host: '127.0.0.1', servername: DOMAIN, ca: pebbleRoot, ALPNProtocols: ['http/1.1'] }, () => {
      const cert = s.getPeerCertificate();
      s.destroy();
      resolve({ serial: cert.serialNumber, validTo: new Date(cert.valid_to) });
    });
    s.on('error', reject);
  });
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = mkdtempSync(join(tmpdir(), 'tapis-https-'));
  ports = { acme: await freePort(), management: await freePort(), https: await freePort(), dns: await freePort(), dnsManagement: await freePort() };
  // A CA of the test's own for pebble's HTTPS (its directory), which tapis trusts with --acme-root.
  const ssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=tapis test CA');
  ssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'pebble.key', '-out', 'pebble.csr', '-subj', '/CN=pebble');
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  ssl('x509', '-req', '-in', 'pebble.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'pebble.pem', '-days', '1', '-extfile', 'ext.cnf');
  caPem = execFileSync('cat', [join(dir, 'ca.pem')]);
  writeFileSync(join(dir, 'pebble.json'), JSON.stringify({
    pebble: {
      listenAddress: `127.0.0.1:${ports.acme}`,
      managementListenAddress: `127.0.0.1:${ports.management}`,
      certificate: join(dir, 'pebble.pem'),
      privateKey: join(dir, 'pebble.key'),
      httpPort: 5002,
      // Where pebble connects to validate a name: the server's HTTPS port.
      tlsPort: ports.https,
      ocspResponderURL: '',
      externalAccountBindingRequired: false,
      certificateValidityPeriod: VALIDITY_S,
    },
  }));
  // Every name resolves to 127.0.0.1 (no IPv6 answer), but those the tests point elsewhere.
  start('pebble-challtestsrv', ['-defaultIPv4', '127.0.0.1', '-defaultIPv6', '', '-dns01', `127.0.0.1:${ports.dns}`,
    '-http01', '', '-https01', '', '-tlsalpn01', '', '-management', `127.0.0.1:${ports.dnsManagement}`]);
  // No pause before validating, every nonce good, and every order validated afresh (no reuse of
  // an earlier authorization): each certificate, renewals included, is a real validation.
  start('pebble', ['-config', join(dir, 'pebble.json'), '-dnsserver', `127.0.0.1:${ports.dns}`],
    { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' });
  for (let i = 0; i < 200 && !(await portOpen(ports.acme) && await portOpen(ports.management)); i++) await sleep(100);
  pebbleRoot = await fetchTrusting(`https://127.0.0.1:${ports.management}/roots/0`, caPem);
  expect(pebbleRoot).toContain('BEGIN CERTIFICATE');
});

test.afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  await Promise.all(children.map((c) => Promise.race([c.exited, sleep(5000)])));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const acmeFlags = () => ['--acme-directory', `https://127.0.0.1:${ports.acme}/dir`, '--acme-root', join(dir, 'ca.pem')];

test('a domain that cannot be validated stops the start with one line and writes nothing', async () => {
  // The name points where nothing answers (127.0.0.2): pebble's connection is refused.
  const added = await fetch(`http://127.0.0.1:${ports.dnsManagement}/add-a`, {
    method: 'POST', body: JSON.stringify({ host: 'elsewhere.test', addresses: ['127.0.0.2'] }),
  });
  expect(added.status).toBe(200);
  const data = join(dir, 'refused');
  const server = start(binary, ['serve', '--addr', `127.0.0.1:${ports.https}`, '--data', data, '--domain', 'elsewhere.test', ...acmeFlags()],
    { RUST_LOG: 'off' });
  expect(await Promise.race([server.exited, sleep(60_000).then(() => 'still running')])).toBe(1);
  expect(server.out).toBe('');
  const lines = server.err.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^tapis: cannot obtain a certificate for elsewhere\.test from https:\/\/127\.0\.0\.1:\d+\/dir: the name could not be validated: \S.*/);
  // No store, no account, no certificate: only the folder's lock.
  expect(readdirSync(data)).toEqual(['tapis.lock']);
});

test('a person plays over wss:// with a certificate from ACME, on after its renewal', async () => {
  test.setTimeout(180_000);
  const data = join(dir, 'data');
  const http = await freePort();
  const server = start(binary, ['serve', '--addr', `127.0.0.1:${ports.https}`, '--http-addr', `127.0.0.1:${http}`,
    '--data', data, '--domain', DOMAIN, '--rooms-per-minute', '0', ...acmeFlags()], { RUST_LOG: 'info' });
  for (let i = 0; i < 300 && !server.out.includes('open https://'); i++) await sleep(100);
  expect(server.out, server.err).toContain(`listening on https://127.0.0.1:${ports.https}\n`);
  expect(server.out).toContain(`open https://${DOMAIN}:${ports.https}/ in a browser to play`);
  const base = `https://${DOMAIN}:${ports.https}`;
  const first = await servedCertificate();
  expect(readdirSync(join(data, 'acme')).sort().map((f) => f.replace(/-[0-9a-f]+\./, '-*.'))).toEqual(['account-*.key', 'certificate-*.pem']);

  // Chromium trusts pebble's root through its NSS database (under its own HOME), and resolves the
  // test's name to the loopback.
  const home = join(dir, 'home');
  mkdirSync(join(home, '.pki', 'nssdb'), { recursive: true });
  const nss = `sql:${join(home, '.pki', 'nssdb')}`;
  execFileSync('certutil', ['-d', nss, '-N', '--empty-password']);
  writeFileSync(join(dir, 'pebble-root.pem'), pebbleRoot);
  execFileSync('certutil', ['-d', nss, '-A', '-t', 'C,,', '-n', 'pebble test root', '-i', join(dir, 'pebble-root.pem')]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`],
    env: { ...process.env, HOME: home },
  });
  try {
    const context = await browser.newContext({ locale: 'fr-FR', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const sockets = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    // Plain HTTP lands on HTTPS, which asks browsers to stay there.
    const landed = await page.goto(`http://${DOMAIN}:${http}/`);
    expect(page.url()).toBe(`${base}/`);
    expect(landed.headers()['strict-transport-security']).toBe('max-age=31536000');
    // A room made from the page, as the page's own form does it: through the browser's HTTPS.
    const room = await page.evaluate(async () => {
      const response = await fetch('/api/rooms', {
        method: 'POST',
        body: JSON.stringify({ game: 'nainjaune', players: 4, seats: ['human', 'bot:easy', 'bot:easy', 'bot:easy'], options: { rounds: 1 }, bot_delay_ms: 0 }),
      });
      return (await response.json()).room;
    });
    expect(room).toMatch(/^[a-z0-9]{16}$/);
    await page.goto(`${base}/r/${room}`);
    await page.locator('#join-name').fill('Alice');
    await page.locator('form.join button[type=submit]').click();
    await expect(page.locator('main.table-page')).toBeVisible();
    await playMoves(page, 2);
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.every((url) => url.startsWith(`wss://${DOMAIN}:${ports.https}/api/rooms/${room}/ws`))).toBe(true);

    // The server renews at two thirds of the certificate's life; the socket opened before plays on.
    let renewed = first;
    for (let i = 0; i < 600 && renewed.serial === first.serial; i++) {
      await sleep(100);
      renewed = await servedCertificate();
    }
    expect(renewed.serial).not.toBe(first.serial);
    expect(renewed.validTo.getTime()).toBeGreaterThan(first.validTo.getTime());
    await playMoves(page, 2);
    // Once the first certificate has expired, the page opens again: on the renewed one.
    const wait = first.validTo.getTime() + 1000 - Date.now();
    if (wait > 0) await sleep(wait);
    await page.reload();
    await expect(page.locator('main.table-page')).toBeVisible();
    await playMoves(page, 2);
    const seq = Number(await page.locator('main.table-page').getAttribute('data-seq'));
    expect(seq).toBeGreaterThanOrEqual(6);
    await context.close();
  } finally {
    await browser.close();
  }
  expect(server.err).toMatch(/a new certificate is served/);
  // Stopped, as a service manager stops it.
  server.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(existsSync(join(data, 'tapis.sqlite3'))).toBe(true);
});
