import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { isChunkLoadError } from './chunk.ts';
import { NotFound } from './not-found.tsx';
import styles from './error-screen.module.css';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What a route shows when it fails: the not-found page for a 404, otherwise the error and a way on. */
export function ErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
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
