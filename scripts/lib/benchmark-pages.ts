/** The public pages the page benchmarks measure (`bench:web`, `page-js.ts`), by name; the post is the newest one. */
export async function benchmarkPages(origin: string): Promise<Record<string, string>> {
  const [post] = (await (await fetch(`${origin}/api/blogs?limit=1`)).json()) as { slug: string }[];
  return {
    home: '/',
    service: '/seo',
    blog: '/blog',
    post: `/blogs/${post!.slug}`,
    about: '/about',
    portfolio: '/portfolio',
  };
}

/** The pages that BENCH_PAGES names (BENCH_PAGES=home,post), or all of them: to try one change quickly. */
export function chosenPages(pages: Record<string, string>): [name: string, path: string][] {
  const only = process.env.BENCH_PAGES?.split(',');
  return Object.entries(pages).filter(([name]) => !only || only.includes(name));
}
