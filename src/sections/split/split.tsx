import { ActionLink } from '@/ui/action-link.tsx';
import { Picture } from '@/ui/picture.tsx';
import type { SectionProps } from '../types.ts';
import styles from './split.module.css';

export function Split({ section }: SectionProps<'split'>) {
  const { eyebrow, heading, paragraphs, list, image, imageSide = 'right', action } = section;
  return (
    <section className="section">
      <div className={`container ${styles.split}`} data-image-side={imageSide}>
        <div>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2>{heading}</h2>
          {paragraphs.map((paragraph, index) => (
            <p key={index} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          {list && (
            <ul className={styles.list}>
              {list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {action && <ActionLink action={action} className="button" />}
        </div>
        <Picture image={image} className={styles.image} />
      </div>
    </section>
  );
}
