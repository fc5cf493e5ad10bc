import { Picture } from '@/ui/picture.tsx';
import type { SectionProps } from '../types.ts';
import styles from './logo-band.module.css';

export function LogoBand({ section }: SectionProps<'logo-band'>) {
  const { heading, text, logos } = section;
  return (
    <section className={`section ${styles.band}`}>
      <div className="container">
        <h2 className={styles.heading}>{heading}</h2>
        {text && <p className="section-intro">{text}</p>}
        <ul className={styles.logos}>
          {logos.map((logo) => (
            <li key={logo.src}>
              <Picture image={logo} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
