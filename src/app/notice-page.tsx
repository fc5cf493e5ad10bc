import { site } from '@/content/site.ts';
import { Hero } from '@/sections/hero/hero.tsx';
import proseStyles from '@/sections/prose/prose.module.css';
import styles from './error-screen.module.css';

/**
 * A page the server answers on its own (what a link of an e-mail came to, a button to press), in the site's look: the
 * header and footer, a page hero with its one heading, a few paragraphs, and at most one form and a few links. It
 * works without scripts: the server sends it without the app.
 */
export interface Notice {
  /** The small line above the heading: what the page belongs to. */
  eyebrow: string;
  /** The page's one heading, and its title. */
  heading: string;
  /** The sentence under the heading. */
  text: string;
  paragraphs?: string[];
  /** One form with one button, its fields hidden. */
  form?: { action: string; fields: [string, string][]; button: string };
  links?: { href: string; label: string }[];
}

export function NoticePage({ notice }: { notice: Notice }) {
  const { eyebrow, heading, text, paragraphs = [], form, links = [] } = notice;
  return (
    <>
      <title>{`${heading} | ${site.brand.name}`}</title>
      <meta name="robots" content="noindex" />
      <Hero section={{ type: 'hero', variant: 'page', eyebrow, heading, text }} site={site} />
      <section className="section">
        <div className="container">
          <div className={proseStyles.prose}>
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <div className={styles.actions}>
              {form && (
                <form method="post" action={form.action}>
                  {form.fields.map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
                  <button type="submit" className="button">
                    {form.button}
                  </button>
                </form>
              )}
              {links.map((link, index) => (
                <a
                  key={link.href}
                  href={link.href}
                  className={form || index > 0 ? 'button button-secondary' : 'button'}
                >
                  {link.label}
                </a>
              ))}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
