import { ActionLink, contactDetail } from '@/ui/action-link.tsx';
import { Picture } from '@/ui/picture.tsx';
import type { SectionProps } from '../types.ts';
import styles from './image-banner.module.css';
import { SectionHeading } from '@/ui/section-heading.tsx';

/**
 * A wide image, optionally headed; with a link, the image itself is the link. A link to a contact detail writes its
 * label and the detail (the phone number) over the image as text, so the image holds no words of its own.
 */
export function ImageBanner({ section }: SectionProps<'image-banner'>) {
  const { heading, text, image, link } = section;
  const picture = <Picture image={image} className={styles.image} />;
  const detail = link && contactDetail(link);
  return (
    <section className="section">
      <div className="container">
        <SectionHeading heading={heading} intro={text} />
        <div className={styles.frame}>
          {link ? (
            <ActionLink action={link} className={styles.link} named={detail !== undefined}>
              {picture}
              {detail && (
                <span className={styles.words}>
                  <span className={styles.label}>{link.label}</span> <span className={styles.detail}>{detail}</span>
                </span>
              )}
            </ActionLink>
          ) : (
            picture
          )}
        </div>
      </div>
    </section>
  );
}
