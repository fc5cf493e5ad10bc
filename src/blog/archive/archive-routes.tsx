import type { LoaderFunctionArgs } from 'react-router-dom';
import { isArchiveName } from '@/domain/term-slug.ts';
import { ArchivePage } from './archive-page.tsx';

/** An address whose name no tag or category can have is not found, before anything is fetched for it. */
export function archiveLoader({ params }: LoaderFunctionArgs): null {
  if (!isArchiveName(params.name ?? '')) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  return null;
}

export function TagArchive() {
  return <ArchivePage taxonomy="tag" />;
}

export function CategoryArchive() {
  return <ArchivePage taxonomy="category" />;
}
