import { Link } from '@/ui/site-router/link.tsx';
import { useRouteError } from '@/ui/site-router/hooks.ts';
import { isChunkLoadError } from './chunk.ts';
import { NotFound } from './not-found.tsx';
import styles from './error-screen.module.css';

/** A thrown Response as either router keeps it: the public pages' RouteErrorResponse, or react-router's (admin). */
function responseStatus(error: unknown): { status: number; statusText: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, statusText } = error as { status?: unknown; statusText?: unknown };
  return typeof status === 'number' && typeof statusText === 'string' ? { status, statusText } : null;
}

function describe(error: unknown): string {
  const response = responseStatus(error);
  if (response) return `${response.status} ${response.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What a route shows when it fails: the not-found page for a 404, otherwise the error and a way on. */
export function ErrorScreen({ error }: { error: unknown }) {
  if (responseStatus(error)?.status === 404) return <NotFound />;
  const chunkFailed = isChunkLoadError(error);
  return (
    <section className={styles.screen}>
      <title>Unexpected Application Error!</title>
      <div className="container">
        <h1>Unexpected Application Error!</h1>
        <p className={styles.message}>{describe(error)}</p>
        {chunkFailed && <p>Part of the page could not be downloaded. Check your connection, then reload the page.</p>}
        <div className={styles.actions}>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <Link to="/" className="button button-secondary">
            Go to the home page
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The public routes' error element: the screen for the error the route met. */
export function RouteErrorScreen() {
  return <ErrorScreen error={useRouteError()} />;
}
