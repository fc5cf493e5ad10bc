import type { SectionProps } from '../types.ts';
import styles from './offerings.module.css';
import { SectionHeading } from '@/ui/section-heading.tsx';

export function Offerings({ section }: SectionProps<'offerings'>) {
  const { heading, intro, items } = section;
  return (
    <section className="section">
      <div className="container">
        <SectionHeading heading={heading} intro={intro} />
        <ol className={styles.list}>
          {items.map((item, index) => (
            <li key={item.title} className={styles.item}>
              <span className={styles.number} aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <div>
                <h3>{item.title}</h3>
                <p className={styles.description}>{item.description}</p>
                <ul className={styles.bullets}>
                  {item.bullets.map((bullet) => (
                    <li key={bullet}>{bullet}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
