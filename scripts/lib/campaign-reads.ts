/**
 * What `bench:against -- COMMIT --campaign` loads: the pages a campaign's visitors land on, each plain and with a click
 * id or a campaign of its own at every request (as paid and e-mailed clicks carry them), and pages that must render
 * (a search of words no earlier request asked for; a post's page after each write).
 */
import type { SignedInServer } from '../../server/test-support/server-process.ts';
import { medianOf } from './figures.ts';

export interface CampaignRead {
  label: string;
  nextPath: () => string;
}

/** Words of the example posts, two at a time: over a thousand searches before one comes again. */
const words = ['seo', 'local', 'search', 'content', 'google', 'marketing', 'reviews', 'maps', 'ads', 'email'];
const moreWords = ['guide', 'business', 'customers', 'ranking', 'website', 'growth', 'brand', 'social', 'data', 'tips'];

export function campaignReads(postSlug: string): CampaignRead[] {
  let count = 0;
  const next = () => (count += 1);
  const pages = [
    ['/', 'utm_campaign'],
    ['/seo', 'gclid'],
    [`/blogs/${postSlug}`, 'fbclid'],
    ['/blog', 'utm_campaign'],
  ] as const;
  return [
    ...pages.flatMap(([path, parameter]) => [
      { label: `page ${path.startsWith('/blogs/') ? '/blogs/:slug' : path}`, nextPath: () => path },
      {
        // Labels key the results: each names its page.
        label: `  ${path.startsWith('/blogs/') ? 'post' : path} with a new ${parameter} each`,
        nextPath: () => `${path}?utm_source=bench&${parameter}=${next().toString(36)}`,
      },
    ]),
    {
      label: 'page /blog?q= (new words each)',
      nextPath: () => {
        const n = next();
        return `/blog?q=${words[n % words.length]}+${moreWords[Math.floor(n / words.length) % moreWords.length]}+${n}`;
      },
    },
  ];
}

/**
 * Pages of a post rendered after a write each, one at a time: a change of the admin's bio (a write of the blog, which
 * forgets every kept page), then the post's page, timed. Renders per second of the median request.
 */
export async function rendersAfterWrites(server: SignedInServer, postSlug: string, rounds: number): Promise<number> {
  const headers = { cookie: server.adminCookie, origin: server.base, 'content-type': 'application/json' };
  const me = (await (await fetch(`${server.base}/api/auth/me`, { headers })).json()) as { _id: string };
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const written = await fetch(`${server.base}/api/users/${me._id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ bio: `Bio number ${round}` }),
    });
    if (!written.ok) throw new Error(`The write before a render failed: ${written.status} ${await written.text()}`);
    const started = performance.now();
    const page = await fetch(`${server.base}/blogs/${postSlug}`);
    await page.arrayBuffer();
    times.push(performance.now() - started);
    if (page.status !== 200) throw new Error(`The post's page answered ${page.status}`);
  }
  return 1000 / medianOf(times);
}
