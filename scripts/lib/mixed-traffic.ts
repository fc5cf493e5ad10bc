import type { Request } from 'autocannon';

export interface TrafficTargets {
  /** Published posts that visitors read. */
  slugs: string[];
  ids: string[];
  tags: string[];
  /** http://127.0.0.1:PORT: the server's own origin, which its guard requires of writes. */
  origin: string;
  /** The Cookie header of a signed-in admin. */
  adminCookie: string;
}

export interface WriteCounts {
  created: number;
  edited: number;
  deleted: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * One autocannon request description that draws each request at random: 90% visitors' reads (pages of the list,
 * the list by tag, posts by slug and by id), 10% an admin's writes (creating posts, editing and deleting posts
 * this run created). A post is held by one connection at a time, so that no write races another on it.
 */
export function mixedTraffic(targets: TrafficTargets): { request: Request; writes: WriteCounts } {
  const writes: WriteCounts = { created: 0, edited: 0, deleted: 0 };
  const idlePosts: string[] = [];
  let sequence = 0;
  const adminHeaders = { origin: targets.origin, cookie: targets.adminCookie };
  const postBody = () => {
    sequence += 1;
    return JSON.stringify({
      title: `Load test post ${sequence}`,
      slug: `load-test-post-${sequence}`,
      content: `<p>Written under load, number ${sequence}.</p>`,
      tags: ['Load test'],
      status: sequence % 2 === 0 ? 'published' : 'draft',
    });
  };

  const read = (): Request => {
    const roll = Math.random();
    if (roll < 0.4) return { method: 'GET', path: `/api/blogs?limit=10&offset=${10 * Math.floor(Math.random() * 5)}` };
    if (roll < 0.5) return { method: 'GET', path: `/api/blogs?tag=${encodeURIComponent(pick(targets.tags))}` };
    if (roll < 0.9) return { method: 'GET', path: `/api/blogs/slug/${pick(targets.slugs)}` };
    return { method: 'GET', path: `/api/blogs/${pick(targets.ids)}` };
  };

  const write = (): Request => {
    const roll = Math.random();
    const id = roll < 0.5 ? undefined : idlePosts.pop();
    const json = { ...adminHeaders, 'content-type': 'application/json' };
    if (id === undefined) return { method: 'POST', path: '/api/blogs', headers: json, body: postBody() };
    if (roll < 0.8) return { method: 'PUT', path: `/api/blogs/${id}`, headers: json, body: postBody() };
    return { method: 'DELETE', path: `/api/blogs/${id}`, headers: adminHeaders };
  };

  const request: Request = {
    setupRequest: (defaults) => ({ ...defaults, headers: {}, body: '', ...(Math.random() < 0.9 ? read() : write()) }),
    onResponse: (status, body, _context, headers = {}) => {
      if (status === 204) writes.deleted += 1;
      // Only writes answer with no-store; their body is the post written, free again for another write.
      if (headers['cache-control'] !== 'no-store' || (status !== 200 && status !== 201)) return;
      if (status === 201) writes.created += 1;
      else writes.edited += 1;
      idlePosts.push((JSON.parse(body) as { _id: string })._id);
    },
  };
  return { request, writes };
}
