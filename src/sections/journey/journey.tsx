import { Picture } from '@/ui/picture.tsx';
import type { SectionProps } from '../types.ts';
import styles from './journey.module.css';
import { SectionHeading } from '@/ui/section-heading.tsx';

/** The client journey: numbered steps beside a map illustration. */
export function Journey({ section }: SectionProps<'journey'>) {
  const { heading, intro, image, steps } = section;
  return (
    <section className="section">
      <div className={`container ${styles.journey}`}>
        <div>
          <SectionHeading heading={heading} intro={intro} />
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.marker} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className={styles.title}>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        {image && <Picture image={image} className={styles.map} />}
      </div>
    </section>
  );
}
