import type { SectionProps } from '../types.ts';
import styles from './feature-grid.module.css';
import { SectionHeading } from '@/ui/section-heading.tsx';

export function FeatureGrid({ section }: SectionProps<'feature-grid'>) {
  const { heading, intro, items } = section;
  return (
    <section className={`section ${styles.band}`}>
      <div className="container">
        <SectionHeading heading={heading} intro={intro} />
        <ul className={`card-grid ${styles.grid}`}>
          {items.map((item) => (
            <li key={item.heading} className={styles.card}>
              <h3>{item.heading}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
