import { Link } from '@/ui/site-router/link.tsx';
import { formatAddress, mailto, site, tel } from '@/content/site.ts';
import { EmailAddress } from '@/ui/email-address.tsx';
import { Icon } from '@/ui/icons.tsx';
import { SocialLinks } from '@/ui/social-links.tsx';
import styles from './footer.module.css';

/** The id of the footer's list of every main section, which the header's menu links to for pages without scripts. */
export const siteSectionsId = 'site-sections';

/** The footer of every page: Get in Touch, link columns (every main section first) and the copyright line. */
export function Footer() {
  const { brand, contact, footer, navigation, services } = site;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section className={styles.touch} aria-labelledby="footer-get-in-touch">
          <img
            src="/images/logo-light.svg"
            alt={brand.name}
            width={brand.logo.width}
            height={brand.logo.height}
            loading="lazy"
          />
          <p className={styles.tagline}>{brand.tagline}</p>
          <h2 id="footer-get-in-touch" className={styles.heading}>
            {footer.getInTouchHeading}
          </h2>
          <ul className={styles.contactList}>
            <li>
              <a href={contact.address.mapsUrl} rel="noopener" target="_blank">
                <Icon name="pin" />
                <span>
                  {formatAddress()}
                  <span className="visually-hidden"> (opens a map in a new tab)</span>
                </span>
              </a>
            </li>
            <li>
              <a href={tel(contact.phone.tel)}>
                <Icon name="phone" />
                <span>{contact.phone.display}</span>
              </a>
            </li>
            <li>
              <a href={mailto(contact.email)}>
                <Icon name="mail" />
                <EmailAddress address={contact.email} />
              </a>
            </li>
          </ul>
          <SocialLinks className={styles.social} />
        </section>
        <nav className={styles.columns} aria-label="Footer">
          {/* Every main section, as in the header: where the phone menu leads when the page runs no script. */}
          <div id={siteSectionsId} className={styles.sections}>
            <h2 className={styles.heading}>{footer.navigationHeading}</h2>
            <ul className={styles.linkList}>
              {navigation.map((item) => (
                <li key={item.route}>
                  <Link to={item.route}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.services}>
            <h2 className={styles.heading}>{footer.servicesHeading ?? 'Services'}</h2>
            <ul className={styles.linkList}>
              {services.map((service) => (
                <li key={service.route}>
                  <Link to={service.route}>{service.title}</Link>
                </li>
              ))}
            </ul>
          </div>
          {footer.columns.map((column) => (
            <div key={column.heading}>
              <h2 className={styles.heading}>{column.heading}</h2>
              <ul className={styles.linkList}>
                {column.links.map((link) => (
                  <li key={link.route}>
                    <Link to={link.route}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {footer.copyrightYear} {brand.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
