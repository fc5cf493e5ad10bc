import { Link } from '@/ui/site-router/link.tsx';
import { site } from '@/content/site.ts';
import styles from './error-screen.module.css';

/** The page for a path the site does not have. */
export function NotFound() {
  return (
    <section className={styles.screen}>
      <title>{`Page not found | ${site.brand.name}`}</title>
      <meta name="robots" content="noindex" />
      <div className="container">
        <p className="eyebrow">Error 404</p>
        <h1>We couldn’t find that page</h1>
        <p>The address may be mistyped, or the page may have moved. These will take you somewhere useful:</p>
        <ul>
          {site.navigation.map((item) => (
            <li key={item.route}>
              <Link to={item.route}>{item.label}</Link>
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Link to="/" className="button">
            Back to the home page
          </Link>
        </div>
      </div>
    </section>
  );
}
