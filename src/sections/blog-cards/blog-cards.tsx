import { Link } from '@/ui/site-router/link.tsx';
import { Picture } from '@/ui/picture.tsx';
import type { BlogCard } from '@/content/types.gen.ts';
import type { SectionProps } from '../types.ts';
import styles from './blog-cards.module.css';

function Card({ card, readMoreLabel, featured }: { card: BlogCard; readMoreLabel: string; featured?: boolean }) {
  return (
    <article className={`${styles.card} ${featured ? styles.featured : ''}`}>
      <Picture image={card.image} className={styles.image} />
      <div className={styles.body}>
        <p className={styles.date}>{card.dateLabel}</p>
        <h3 className={styles.title}>{card.title}</h3>
        <p className={styles.teaser}>{card.teaser}</p>
        <Link to={card.route} className={styles.more}>
          {readMoreLabel}
          <span className="visually-hidden">: {card.title}</span>
        </Link>
      </div>
    </article>
  );
}

/** The blog page's static cards: one featured article and smaller cards. */
export function BlogCards({ section }: SectionProps<'blog-cards'>) {
  const { heading, featured, cards, readMoreLabel = 'Read more' } = section;
  return (
    <section className="section">
      <div className="container">
        {heading && <h2>{heading}</h2>}
        <Card card={featured} readMoreLabel={readMoreLabel} featured />
        <ul className={styles.grid}>
          {cards.map((card) => (
            <li key={card.route}>
              <Card card={card} readMoreLabel={readMoreLabel} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
