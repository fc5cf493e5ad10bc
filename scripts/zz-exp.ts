import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './lib/free-port.ts';
const dataDir = mkdtempSync(join(tmpdir(), 'exp-'));
const port = await freePort();
const admin = { email: 'load@northbeam.example', password: 'abcdefghijklmnop' };
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '--import', 'tsx', 'server/main.ts'], { env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, stdio: ['ignore', 'ignore', 'inherit'] });
const origin = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(origin + '/healthz')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(admin) });
const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
const mode = process.argv[2];
let n = 0;
const r = await autocannon({ url: origin, connections: Number(process.argv[3] ?? 100), duration: 5, requests: [{ setupRequest: (req) => {
  if (mode === 'mix' && Math.random() < 0.9) return { ...req, method: 'GET', path: Math.random() < 0.5 ? '/api/blogs?limit=10' : '/api/blogs/slug/responding-to-online-reviews' };
  if (mode === 'read') return { ...req, method: 'GET', path: '/api/blogs?limit=10' };
  if (mode === 'slug') return { ...req, method: 'GET', path: '/api/blogs/slug/responding-to-online-reviews' };
  n++;
  return { ...req, method: 'POST', path: '/api/blogs', headers: { origin, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x' + n, slug: 'x-' + n, content: '<p>x</p>' }) };
} }] });
console.log(mode, Math.round(r.requests.average), 'req/s p99', r.latency.p99, 'non2xx', r.non2xx, 'errors', r.errors);
child.kill('SIGTERM');
