import type { LoaderFunctionArgs } from '@/ui/site-router/route.ts';
import { isAuthorSlug } from '@/domain/author-slug.ts';
import { isArchiveName } from '@/domain/term-slug.ts';
import { ArchivePage, AuthorArchivePage } from './archive-page.tsx';

const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' });

/** An address whose name no tag or category can have is not found, before anything is fetched for it. */
export function archiveLoader({ params }: LoaderFunctionArgs): null {
  if (!isArchiveName(params.name ?? '')) throw notFound();
  return null;
}

/** The same for an author page's address: a name no user can have. */
export function authorLoader({ params }: LoaderFunctionArgs): null {
  if (!isAuthorSlug(params.name ?? '')) throw notFound();
  return null;
}

export function TagArchive() {
  return <ArchivePage taxonomy="tag" />;
}

export function CategoryArchive() {
  return <ArchivePage taxonomy="category" />;
}

export function AuthorArchive() {
  return <AuthorArchivePage />;
}
