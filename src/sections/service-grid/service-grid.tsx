import { Link } from '@/ui/site-router/link.tsx';
import { ActionLink } from '@/ui/action-link.tsx';
import { Icon } from '@/ui/icons.tsx';
import { Picture } from '@/ui/picture.tsx';
import type { ServiceSummary, SiteDocument } from '@/content/types.gen.ts';
import type { SectionOf, SectionProps } from '../types.ts';
import styles from './service-grid.module.css';
import { SectionHeading } from '@/ui/section-heading.tsx';

function pickServices(selection: SectionOf<'service-grid'>['services'], site: SiteDocument): ServiceSummary[] {
  if (selection === 'all') return site.services;
  return selection.flatMap((route) => site.services.filter((service) => service.route === route));
}

/** The services as a band of links, without their pictures and summaries. */
function CompactServices({
  heading,
  intro,
  services,
}: {
  heading: string;
  intro?: string;
  services: ServiceSummary[];
}) {
  return (
    <section className={`section ${styles.compactBand}`}>
      <div className="container">
        <SectionHeading heading={heading} intro={intro} />
        <ul className={`card-grid ${styles.compact}`}>
          {services.map((service) => (
            <li key={service.route}>
              <Link to={service.route} className={styles.compactLink}>
                {service.title}
                <Icon name="arrow" size={16} />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ServiceGrid({ section, site }: SectionProps<'service-grid'>) {
  const { heading, intro, variant = 'cards', readMoreLabel, viewAll } = section;
  const services = pickServices(section.services, site);
  if (variant === 'compact') return <CompactServices heading={heading} intro={intro} services={services} />;
  return (
    <section className="section">
      <div className="container">
        <SectionHeading heading={heading} intro={intro} />
        <ul className={`card-grid ${styles.grid}`}>
          {services.map((service) => (
            <li key={service.route} className={styles.card}>
              <Picture image={service.image} className={styles.image} />
              <div className={styles.body}>
                <h3 className={styles.title}>
                  {readMoreLabel ? (
                    service.title
                  ) : (
                    <Link to={service.route} className={styles.cardLink}>
                      {service.title}
                    </Link>
                  )}
                </h3>
                <p className={styles.summary}>{service.summary}</p>
                {readMoreLabel && (
                  <Link to={service.route} className={`button button-secondary ${styles.more}`}>
                    {readMoreLabel}
                    <span className="visually-hidden"> about {service.title}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
          {viewAll && (
            <li className={`${styles.card} ${styles.viewAll}`}>
              <ActionLink action={viewAll} className={styles.viewAllLink}>
                <span>{viewAll.label}</span>
                <Icon name="arrow" size={28} />
              </ActionLink>
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}
