import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import fieldStyles from '../../ui/field.module.css';
import { ImageUpload } from './image-upload.tsx';
import { previewSrc, type PickableImage } from './library-images.ts';
import styles from './image-picker.module.css';

interface ImagePickerProps {
  id: string;
  images: PickableImage[];
  /** The image the field holds now: marked as selected. */
  value?: string;
  /** Why the media library is not offered, when it is not. */
  libraryProblem?: string;
  onChoose: (image: PickableImage) => void;
  onClose: () => void;
}

const groups = [
  { key: 'site', label: 'Site images' },
  { key: 'library', label: 'Media library' },
] as const;

const matches = (image: PickableImage, words: string[]) =>
  words.every((word) => `${image.name} ${image.src} ${image.alt ?? ''}`.toLowerCase().includes(word));

/**
 * The image picker: a search box that drives a list of images with thumbnails (the combobox pattern): arrows move
 * through the images, Enter chooses the one marked, Escape closes without a change; a click chooses too.
 */
export function ImagePicker({ id, images, value, libraryProblem, onChoose, onClose }: ImagePickerProps) {
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const listId = `${id}-images`;

  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const found = images.filter((image) => matches(image, words));
    // In the order the groups are shown, so that arrows move as the eye does.
    return groups.flatMap(({ key }) => found.filter((image) => image.group === key));
  }, [images, query]);

  // The picker opens on the image the field holds; a search starts again from the first match.
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      shown.findIndex((image) => image.src === value),
    ),
  );

  useEffect(() => search.current?.focus(), []);
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, PageDown: last, PageUp: 0 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(0, Math.min(last, moves[event.key]!)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const image = shown[active];
      if (image) onChoose(image);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  const activeImage = shown[active];
  return (
    <div className={styles.picker} id={id}>
      <label htmlFor={`${id}-search`} className={fieldStyles.label}>
        Search images
      </label>
      <p id={`${id}-keys`} className={fieldStyles.hint}>
        Up and down arrows move through the images, Enter chooses, Escape closes.
      </p>
      <input
        ref={search}
        id={`${id}-search`}
        className={fieldStyles.input}
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeImage ? `${listId}-${active}` : undefined}
        aria-describedby={`${id}-keys ${id}-count`}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-count`} className={fieldStyles.hint} role="status">
        {shown.length === 0
          ? `No image matches “${query}”.`
          : `${shown.length} ${shown.length === 1 ? 'image' : 'images'}`}
      </p>
      {libraryProblem && <p className={fieldStyles.hint}>{libraryProblem}</p>}
      <div role="listbox" id={listId} aria-label="Images" className={styles.list}>
        {groups.map(({ key, label }) => {
          const inGroup = shown.filter((image) => image.group === key);
          if (inGroup.length === 0) return null;
          return (
            <div key={key} role="group" aria-labelledby={`${listId}-${key}`}>
              <div id={`${listId}-${key}`} className={styles.groupLabel}>
                {label}
              </div>
              <div className={styles.grid}>
                {inGroup.map((image) => {
                  const index = shown.indexOf(image);
                  return (
                    <div
                      key={image.src}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={image.src === value}
                      data-active={index === active ? true : undefined}
                      className={styles.option}
                      tabIndex={-1}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => onChoose(image)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') onChoose(image);
                      }}
                    >
                      <img src={previewSrc(image.thumbnail)} alt="" loading="lazy" className={styles.thumbnail} />
                      <span className={styles.name}>{image.name}</span>
                      <span className={styles.size}>
                        {image.width} × {image.height}
                      </span>
                    </div>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      <ImageUpload id={id} onUploaded={onChoose} />
      <button type="button" className="button button-secondary" onClick={onClose}>
        Close without changing
      </button>
    </div>
  );
}
