import { site } from '@/content/site.ts';
import hero from '@/sections/hero/hero.module.css';

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
  // The page hero's own classes (their styles come with the content pages' chunk): one block, centred, as the site's
  // page heroes are (the check-your-inbox page's).
  return (
    <section className={`${hero.hero} ${hero.page}`}>
      <title>{`${heading} | ${site.brand.name}`}</title>
      <meta name="robots" content="noindex" />
      <div className={`container ${hero.inner}`}>
        <div className={hero.copy}>
          <p className="eyebrow">{eyebrow}</p>
          <h1 className={hero.heading}>{heading}</h1>
          <p className={hero.text}>{text}</p>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className={hero.text}>
              {paragraph}
            </p>
          ))}
          <div className={hero.actions}>
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
              <a key={link.href} href={link.href} className={form || index > 0 ? 'button button-secondary' : 'button'}>
                {link.label}
              </a>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
