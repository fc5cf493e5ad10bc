import { ContentDocumentPage as Document } from './content-studio/content-document-page.tsx';
import { PagesListPage as List } from './content-studio/pages-list-page.tsx';
import { withPermission } from './team/with-permission.tsx';

/** The content studio's chunk (the form library, the schemas and their validators), loaded on its routes only. */
export const PagesListPage = withPermission('content', 'Pages', List);
export const ContentDocumentPage = withPermission('content', 'Pages', Document);
