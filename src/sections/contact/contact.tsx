import { formatAddress, mailto, tel } from '@/content/site.ts';
import { EmailAddress } from '@/ui/email-address.tsx';
import { Icon } from '@/ui/icons.tsx';
import { SocialLinks } from '@/ui/social-links.tsx';
import type { SiteDocument } from '@/content/types.gen.ts';
import type { SectionOf, SectionProps } from '../types.ts';
import styles from './contact.module.css';
import { SectionHeading } from '@/ui/section-heading.tsx';

type Detail = NonNullable<SectionOf<'contact'>['show']>[number];

function DetailItem({ detail, site, email }: { detail: Detail; site: SiteDocument; email: string }) {
  const { contact } = site;
  switch (detail) {
    case 'address':
      return (
        <li className={styles.detail}>
          <Icon name="pin" />
          <div>
            <span className={styles.label}>Office</span>
            <a href={contact.address.mapsUrl} rel="noopener" target="_blank">
              {formatAddress(site)}
              <span className="visually-hidden"> (opens a map in a new tab)</span>
            </a>
          </div>
        </li>
      );
    case 'phone':
      return (
        <li className={styles.detail}>
          <Icon name="phone" />
          <div>
            <span className={styles.label}>Phone</span>
            <a href={tel(contact.phone.tel)}>{contact.phone.display}</a>
          </div>
        </li>
      );
    case 'email':
      return (
        <li className={styles.detail}>
          <Icon name="mail" />
          <div>
            <span className={styles.label}>E-mail</span>
            <a href={mailto(email)}>
              <EmailAddress address={email} />
            </a>
          </div>
        </li>
      );
    case 'social':
      return (
        <li className={styles.detail}>
          <div>
            <span className={styles.label}>Follow us</span>
            <SocialLinks />
          </div>
        </li>
      );
  }
}

/** Contact details from site.json: a get-in-touch banner, a full panel, or a one-line strip. */
export function Contact({ section, site }: SectionProps<'contact'>) {
  const { variant, heading, text, show = ['address', 'phone', 'email', 'social'] } = section;
  const email = section.email === 'hr' ? site.contact.hrEmail : site.contact.email;
  if (variant === 'banner') {
    return (
      <section className={styles.banner}>
        <div className={`container ${styles.bannerInner}`}>
          <div>
            <h2>{heading}</h2>
            {text && <p className={styles.bannerText}>{text}</p>}
          </div>
          <div className={styles.bannerActions}>
            <a className="button button-accent" href={mailto(email)}>
              <Icon name="mail" /> Write to us
            </a>
            <a className={`button ${styles.ghost}`} href={tel(site.contact.phone.tel)}>
              <Icon name="phone" /> {site.contact.phone.display}
            </a>
          </div>
        </div>
      </section>
    );
  }
  if (variant === 'strip') {
    return (
      <section className={styles.strip}>
        <div className={`container ${styles.stripInner}`}>
          <h2 className={styles.stripHeading}>{heading}</h2>
          {text && <p>{text}</p>}
          <ul className={styles.stripLinks}>
            {show.includes('email') && (
              <li>
                <a href={mailto(email)}>
                  <Icon name="mail" /> <EmailAddress address={email} />
                </a>
              </li>
            )}
            {show.includes('phone') && (
              <li>
                <a href={tel(site.contact.phone.tel)}>
                  <Icon name="phone" /> {site.contact.phone.display}
                </a>
              </li>
            )}
          </ul>
        </div>
      </section>
    );
  }
  return (
    <section className="section">
      <div className={`container ${styles.details}`}>
        <div>
          <SectionHeading heading={heading} intro={text} />
        </div>
        <ul className={styles.detailList}>
          {show.map((detail) => (
            <DetailItem key={detail} detail={detail} site={site} email={email} />
          ))}
        </ul>
      </div>
    </section>
  );
}
