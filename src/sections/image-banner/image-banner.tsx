import { ActionLink } from '@/ui/action-link.tsx';
import { Picture } from '@/ui/picture.tsx';
import type { SectionProps } from '../types.ts';
import styles from './image-banner.module.css';

/** A wide image, optionally headed; with a link, the image itself is the link. */
export function ImageBanner({ section }: SectionProps<'image-banner'>) {
  const { heading, text, image, link } = section;
  const picture = <Picture image={image} className={styles.image} />;
  return (
    <section className="section">
      <div className="container">
        {heading && <h2>{heading}</h2>}
        {text && <p className="section-intro">{text}</p>}
        <div className={styles.frame}>
          {link ? (
            <ActionLink action={link} className={styles.link}>
              {picture}
            </ActionLink>
          ) : (
            picture
          )}
        </div>
      </div>
    </section>
  );
}
