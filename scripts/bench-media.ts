/**
 * `npm run bench:media`: how long an upload of a 4000x3000 JPEG takes (answered once the original, the WebP
 * variants and the social card are stored; then until its AVIF variants exist), median of 5 different photos; and
 * requests/s for one cached WebP variant from our server beside a bare node:http static file server sending the same
 * file, in the same run. Starts the production server (server/main.ts) on a fresh SQLite database; load on
 * 127.0.0.1 only, bounded in time. Options: --duration=SECONDS (5) --connections=N (20).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import type { MediaRecord } from '../src/content/types.gen.ts';
import { positiveNumberOption, wholeNumberOption } from './lib/cli-options.ts';
import { freePort } from '../server/test-support/free-port.ts';
import {
  serverSource,
  signInOver,
  startServerProcess,
  stopServerProcess,
  waitUntilAnswering,
} from '../server/test-support/server-process.ts';
import { medianOf } from './lib/figures.ts';

const duration = positiveNumberOption('duration', 5);
const connections = wholeNumberOption('connections', 20);
const uploads = 5;

/** A 4000x3000 photo-like JPEG: a gradient under fine noise, so that it compresses like a real photograph. */
async function photo(seed: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 120 + seed * 5, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d3c8f"/><stop offset="1" stop-color="#f4b942"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.6"/></svg>`,
  );
  return sharp(noise)
    .composite([{ input: gradient }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const bareServerSource = `
  const { createReadStream, statSync } = require('node:fs');
  const file = process.argv[1];
  const size = statSync(file).size;
  require('node:http')
    .createServer((request, response) => {
      response.writeHead(200, {
        'content-type': 'image/webp',
        'content-length': size,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      createReadStream(file).pipe(response);
    })
    .listen(Number(process.argv[2]), '127.0.0.1');
`;

async function load(url: string): Promise<{ requestsPerSecond: number; p99: number }> {
  const result = await autocannon({ url, connections, duration });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'northbeam-bench-media-'));
const children: ChildProcess[] = [];
try {
  const admin = { email: 'bench@northbeam.example', password: randomBytes(18).toString('base64url') };
  const server = await startServerProcess(
    {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The API and /media/ only: the site's build plays no part here.
      CLIENT_DIR: join(dataDir, 'no-site'),
      SEED_EXAMPLES: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    { entry: serverSource, nodeArguments: ['--import', 'tsx'], timeoutMs: 30_000, output: 'errors-to-console' },
  );
  children.push(server.child);
  const { base } = server;
  const cookie = await signInOver(base, admin);

  console.log(`Making ${uploads} different 4000x3000 JPEGs…`);
  const photos = await Promise.all(Array.from({ length: uploads }, (_, seed) => photo(seed)));
  const answered: number[] = [];
  const withAvif: number[] = [];
  let lastRecord: MediaRecord | undefined;
  for (const [index, bytes] of photos.entries()) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${index}.jpg`);
    const started = performance.now();
    const response = await fetch(`${base}/api/media`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: base },
    });
    if (response.status !== 201)
      throw new Error(`upload ${index} answered ${response.status}: ${await response.text()}`);
    answered.push(performance.now() - started);
    lastRecord = (await response.json()) as MediaRecord;
    for (;;) {
      const record = (await (
        await fetch(`${base}/api/media/${lastRecord._id}`, { headers: { cookie } })
      ).json()) as MediaRecord;
      if (record.variants.some((variant) => variant.format === 'avif')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    withAvif.push(performance.now() - started);
    console.log(
      `  upload ${index + 1}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB, answered in ${answered.at(-1)!.toFixed(0)} ms, AVIF done after ${withAvif.at(-1)!.toFixed(0)} ms`,
    );
  }

  const variant = lastRecord!.variants.find((item) => item.format === 'webp' && item.width === 640)!;
  const variantBytes = Buffer.from(await (await fetch(`${base}${variant.url}`)).arrayBuffer());
  const file = join(dataDir, 'variant.webp');
  writeFileSync(file, variantBytes);
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['-e', bareServerSource, file, String(barePort)], { stdio: 'inherit' });
  children.push(bare);
  await waitUntilAnswering(`http://127.0.0.1:${barePort}/`, { child: bare });

  console.log(
    `Loading GET ${variant.url} (${variantBytes.length} bytes), ${connections} connections, ${duration} s each…`,
  );
  const ours = await load(`${base}${variant.url}`);
  const theirs = await load(`http://127.0.0.1:${barePort}/`);
  console.log('');
  console.log(
    `Upload of a 4000x3000 JPEG, median of ${uploads}: answered in ${medianOf(answered).toFixed(0)} ms (original,`,
  );
  console.log(
    `  ${lastRecord!.variants.filter((item) => item.format === 'webp').length} WebP variants, social card); AVIF variants done after ${medianOf(withAvif).toFixed(0)} ms`,
  );
  console.log(
    `Cached 640 px WebP variant: ${ours.requestsPerSecond.toFixed(0)} req/s (p99 ${ours.p99} ms) from our server (bytes read from the database)`,
  );
  console.log(
    `  bare node:http static file server: ${theirs.requestsPerSecond.toFixed(0)} req/s (p99 ${theirs.p99} ms); ratio ${(ours.requestsPerSecond / theirs.requestsPerSecond).toFixed(2)}`,
  );
} finally {
  for (const child of children) await stopServerProcess({ child });
  rmSync(dataDir, { recursive: true, force: true });
}
