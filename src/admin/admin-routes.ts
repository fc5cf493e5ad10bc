import type { RouteObject } from 'react-router-dom';
import type * as AdminPages from './admin-pages.ts';
import type * as AudiencePages from './audience-pages.ts';
import type * as EditorPages from './editor-pages.ts';
import type * as NewsletterPages from './newsletter-pages.ts';
import type * as StudioPages from './studio-pages.ts';

/** Loads a lazy admin chunk; src/app passes its chunk loader, which reports failed downloads. */
export interface AdminChunks {
  pages: () => Promise<typeof AdminPages>;
  editor: () => Promise<typeof EditorPages>;
  studio: () => Promise<typeof StudioPages>;
  audience: () => Promise<typeof AudiencePages>;
  newsletter: () => Promise<typeof NewsletterPages>;
}

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/**
 * The admin's pages under /admin. Only types come from the page modules, so the public bundle that
 * holds this table downloads no admin code: each page arrives with its lazy chunk.
 */
export function adminRoutes({ pages, editor, studio, audience, newsletter }: AdminChunks): RouteObject[] {
  return [
    { index: true, lazy: async () => ({ Component: (await pages()).DashboardPage }) },
    { path: 'posts', lazy: async () => ({ Component: (await pages()).PostsPage }) },
    { path: 'stats', lazy: async () => ({ Component: (await pages()).StatsPage }) },
    { path: 'security', lazy: async () => ({ Component: (await pages()).SecurityPage }) },
    { path: 'activity', lazy: async () => ({ Component: (await pages()).ActivityPage }) },
    { path: 'inbox', lazy: async () => ({ Component: (await pages()).InboxPage }) },
    { path: 'inbox/:id', lazy: async () => ({ Component: (await pages()).LeadPage }) },
    { path: 'comments', lazy: async () => ({ Component: (await pages()).CommentsPage }) },
    { path: 'subscribers', lazy: async () => ({ Component: (await audience()).SubscribersPage }) },
    { path: 'newsletters/:id', lazy: async () => ({ Component: (await newsletter()).NewsletterSendPage }) },
    { path: 'privacy', lazy: async () => ({ Component: (await pages()).PrivacyPage }) },
    { path: 'media', lazy: async () => ({ Component: (await pages()).MediaLibraryPage }) },
    { path: 'users', lazy: async () => ({ Component: (await pages()).TeamPage }) },
    { path: 'invitations/:token', lazy: async () => ({ Component: (await pages()).AcceptInvitationPage }) },
    { path: 'sign-in-link/:token', lazy: async () => ({ Component: (await pages()).SignInLinkPage }) },
    { path: 'sections', lazy: async () => ({ Component: (await pages()).SectionCataloguePage }) },
    { path: 'blog/new', lazy: async () => ({ Component: (await editor()).NewPostPage }) },
    { path: 'blog/edit/:id', lazy: async () => ({ Component: (await editor()).EditPostPage }) },
    { path: 'pages', lazy: async () => ({ Component: (await studio()).PagesListPage }) },
    // A document's id holds slashes (services/seo): the rest of the address is the id.
    { path: 'pages/*', lazy: async () => ({ Component: (await studio()).ContentDocumentPage }) },
    { path: '*', loader: notFound },
  ];
}
