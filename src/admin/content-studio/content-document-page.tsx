import { useParams } from 'react-router-dom';
import { usePostRoutes } from '@/api/content-studio/post-routes.ts';
import { useContentDocument } from '@/api/content-studio/get-content-document.ts';
import { useContentStatus } from '@/api/content-studio/get-content-status.ts';
import { useContentList } from '@/api/content-studio/list-content.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { DocumentEditor } from './document-editor.tsx';

/** /admin/pages/{id}: one document's form, preview and history. */
export function ContentDocumentPage() {
  const id = useParams()['*'] ?? '';
  const document = useContentDocument(id);
  const list = useContentList();
  const status = useContentStatus();
  // Links to posts are offered once the posts are known; without them, the content's pages alone.
  const posts = usePostRoutes();
  const entry = list.data?.find((candidate) => candidate.id === id);
  const error = document.error ?? list.error ?? status.error;
  if (error)
    return (
      <>
        <PageHeader title="Pages" />
        <Alert>
          <p>
            {`“${id}” could not be opened: ${error.message}`} Go back to the list of pages and choose it again, or
            reload this page.
          </p>
        </Alert>
      </>
    );
  if (!document.data || !list.data || !status.data)
    return (
      <>
        <PageHeader title={entry?.title ?? 'Pages'} />
        <p role="status">Loading…</p>
      </>
    );
  return (
    <DocumentEditor
      key={id}
      loaded={document.data}
      title={entry?.title ?? id}
      routes={list.data.flatMap((candidate) => (candidate.route ? [candidate.route] : []))}
      postRoutes={posts.data ?? []}
      writable={status.data.writable}
    />
  );
}
