import { ArchivePage } from './archive-page.tsx';

export function TagArchive() {
  return <ArchivePage taxonomy="tag" />;
}

export function CategoryArchive() {
  return <ArchivePage taxonomy="category" />;
}
