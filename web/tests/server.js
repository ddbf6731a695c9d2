// Starts `tapis serve` (built with the tests' profile, as web/tests/run does) on a free port with
// an empty data folder, tells the tests its address through TAPIS_URL, and stops it at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/// `tapis serve` on a free port of the loopback with its data in `data` and `flags` added, once it
/// says it listens: `{server, url}`.
export async function startServe(data, flags = []) {
  const binary = process.env.TAPIS_BIN || join(root, 'target', 'checked', 'tapis');
  // Warnings and errors only: the runner's summary stays readable.
  const env = { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn' };
  const server = spawn(binary, ['serve', '--addr', '127.0.0.1:0', '--data', data, ...flags], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = seen.match(/^listening on (http:\/\/\S+)/m);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`tapis serve stopped (${code}) before listening: ${seen}`)));
    setTimeout(() => reject(new Error('tapis serve did not start within 30 s')), 30_000);
  });
  return { server, url };
}

export default async function globalSetup() {
  const data = mkdtempSync(join(tmpdir(), 'tapis-browser-'));
  // Every room comes from this one address: no limit on how many it opens a minute.
  const { server, url } = await startServe(data, ['--rooms-per-minute', '0']);
  process.env.TAPIS_URL = url;
  return async () => {
    server.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  };
}
