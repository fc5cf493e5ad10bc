import type { SectionProps } from '../types.ts';
import styles from './prose.module.css';

export function Prose({ section }: SectionProps<'prose'>) {
  const { heading, blocks, width = 700 } = section;
  const BlockHeading = heading ? 'h3' : 'h2';
  return (
    <section className="section">
      <div className="container">
        <div className={`${styles.prose} ${width === 1000 ? styles.wide : ''}`}>
          {heading && <h2>{heading}</h2>}
          {blocks.map((block, index) => (
            <div key={block.heading ?? index} className={styles.block}>
              {block.heading && <BlockHeading className={styles.blockHeading}>{block.heading}</BlockHeading>}
              {block.paragraphs.map((paragraph, paragraphIndex) => (
                <p key={paragraphIndex}>{paragraph}</p>
              ))}
              {block.list && (
                <ul>
                  {block.list.map((item, itemIndex) => (
                    <li key={itemIndex}>{item}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
