import type { MediaRecord } from '@/content/types.gen.ts';
import { thumbnailUrl } from './media-thumbnail.ts';
import styles from './media.module.css';

interface MediaGridProps {
  media: MediaRecord[];
  selectedId: string | null;
  onSelect: (media: MediaRecord) => void;
  label: string;
}

/** Thumbnails as toggle buttons: the pressed one is the image being looked at. */
export function MediaGrid({ media, selectedId, onSelect, label }: MediaGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {media.map((item) => (
        <li key={item._id}>
          <button
            type="button"
            className={styles.cell}
            aria-pressed={item._id === selectedId}
            onClick={() => onSelect(item)}
          >
            <img
              src={thumbnailUrl(item)}
              alt=""
              width={item.width}
              height={item.height}
              loading="lazy"
              decoding="async"
            />
            <span className={styles.cellName}>{item.fileName}</span>
            <span className="visually-hidden">{item.alt ? `, ${item.alt}` : ', no alt text'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
