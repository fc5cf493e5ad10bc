import { memo, useEffect } from 'react';
import { Outlet } from '@/ui/site-router/site-router.tsx';
import { Footer } from '@/site/footer/footer.tsx';
import { Header } from '@/site/header/header.tsx';
import { rememberVisit } from '@/ui/lead-form/visit-attribution.ts';
import { RenderedOnce } from '@/ui/rendered-once.tsx';

/**
 * The footer is the same on every page: a move through the site renders only its links (which read the router), not
 * the whole footer again, and the server renders it once per build.
 */
const SiteFooter = memo(Footer);

/** Header, main landmark and footer around every public page. */
export function RootLayout() {
  // Where the visit came from, for the forms: kept for this tab only, from its first page.
  useEffect(rememberVisit, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <RenderedOnce name="footer">
        <SiteFooter />
      </RenderedOnce>
    </>
  );
}
