import { ActionLink } from '@/ui/action-link.tsx';
import { Picture } from '@/ui/picture.tsx';
import { formatDate } from '@/ui/format-date.ts';
import type { SectionProps } from '../types.ts';
import styles from './hero.module.css';

export function Hero({ section }: SectionProps<'hero'>) {
  const { variant = 'page', eyebrow, heading, text, image, author, actions } = section;
  return (
    <section className={`${styles.hero} ${styles[variant]}`}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1 className={styles.heading}>{heading}</h1>
          {text && <p className={styles.text}>{text}</p>}
          {author && (
            <p className={styles.author}>
              By <strong>{author.name}</strong>
              {author.role && <>, {author.role}</>}
              {author.date && (
                <>
                  {' · '}
                  <time dateTime={author.date}>{formatDate(author.date)}</time>
                </>
              )}
              {author.readingMinutes && <> · {author.readingMinutes} min read</>}
            </p>
          )}
          {actions && actions.length > 0 && (
            <div className={styles.actions}>
              {actions.map((action, index) => (
                <ActionLink
                  key={action.label}
                  action={action}
                  className={index === 0 ? 'button button-accent' : 'button button-secondary'}
                />
              ))}
            </div>
          )}
        </div>
        {image && (
          <div className={styles.media}>
            <Picture image={image} priority />
          </div>
        )}
      </div>
    </section>
  );
}
