import { contentRoutes } from 'virtual:content-routes';
import { site } from '@/content/site.ts';

const serviceRoutes = new Set(site.services.map((service) => service.route));
const articleRoutes = new Set(
  contentRoutes.filter((route) => route.chunk.startsWith('articles/')).map((route) => route.path),
);

/** The navigation route of the section a page belongs to: Services for a service page, Blog for a post or article. */
export function currentSection(pathname: string): string | undefined {
  if (serviceRoutes.has(pathname)) return '/service';
  if (pathname.startsWith('/blogs/') || articleRoutes.has(pathname)) return '/blog';
  return undefined;
}
