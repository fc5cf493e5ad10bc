import { createPortal } from 'react-dom';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMediaList } from '@/api/media/list-media.ts';
import { useUpdateMedia } from '@/api/media/update-media.ts';
import type { MediaRecord } from '@/content/types.gen.ts';
import { missingMediaPermission } from '@/domain/media-change.ts';
import { useAdminSession } from '../session/admin-session.ts';
import { MediaGrid } from './media-grid.tsx';
import { MediaSearch } from './media-search.tsx';
import { thumbnailUrl } from './media-thumbnail.ts';
import { MediaUploader } from './media-uploader.tsx';
import fieldStyles from '../ui/field.module.css';
import styles from './media.module.css';

export interface PickedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

interface MediaPickerDialogProps {
  /** The dialog's title, e.g. "Insert an image". */
  purpose: string;
  onPick: (image: PickedImage, media: MediaRecord) => void;
  onClose: () => void;
  /** Inline images need a text alternative (or an explicit decorative choice); a cover does not ask. */
  askAlt?: boolean;
}

/** Choose an image from the library or upload one, then describe it. */
export function MediaPickerDialog({ purpose, onPick, onClose, askAlt = true }: MediaPickerDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<MediaRecord | null>(null);
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [altError, setAltError] = useState('');
  const list = useMediaList({ q: search.trim() || undefined, limit: 60 });
  const storeAlt = useUpdateMedia();
  const { user } = useAdminSession();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  const choose = (media: MediaRecord) => {
    setChosen(media);
    setAlt(media.alt);
    setDecorative(false);
    setAltError('');
    storeAlt.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!chosen || storeAlt.isPending) return;
    const description = askAlt && !decorative ? alt.trim() : '';
    if (askAlt && !decorative && description === '') {
      setAltError('Describe the image for people who cannot see it, or mark it as decorative.');
      return;
    }
    // The library keeps the description, so that the next insert of this image starts from it, when the member may
    // change the image; otherwise the description stays in the post alone.
    const mayDescribe = missingMediaPermission({ id: user._id, role: user.role }, chosen.createdById) === null;
    if (mayDescribe && description !== '' && description !== chosen.alt) {
      try {
        await storeAlt.mutateAsync({ id: chosen._id, update: { alt: description } });
      } catch {
        return;
      }
    }
    onPick({ src: chosen.url, alt: description, width: chosen.width, height: chosen.height }, chosen);
  };

  // In document.body: the post form around the editor must not hold this dialog's own form.
  return createPortal(
    <dialog
      ref={dialogRef}
      className={styles.pickerDialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className={styles.pickerHeader}>
        <h2 id={`${id}-title`}>{purpose}</h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <MediaUploader onUploaded={choose} />
      <MediaSearch label="Search images" value={search} onChange={setSearch} />
      {list.isError && (
        <p role="alert" className={styles.error}>
          Could not load the images: {list.error.message}
        </p>
      )}
      {list.data && list.data.media.length === 0 && (
        <p>{search ? 'No image matches this search.' : 'No images yet: upload one above.'}</p>
      )}
      {list.data && (
        <MediaGrid media={list.data.media} selectedId={chosen?._id ?? null} onSelect={choose} label="Images" />
      )}
      {chosen && (
        <form className={styles.chosen} onSubmit={(event) => void submit(event)} noValidate aria-label="Chosen image">
          <img
            src={thumbnailUrl(chosen)}
            alt=""
            width={chosen.width}
            height={chosen.height}
            className={styles.chosenPreview}
          />
          <div className={styles.chosenFields}>
            <p className={styles.chosenName}>{chosen.fileName}</p>
            {askAlt && (
              <>
                <label htmlFor={`${id}-alt`}>Alt text</label>
                <input
                  className={fieldStyles.input}
                  id={`${id}-alt`}
                  type="text"
                  value={alt}
                  disabled={decorative}
                  maxLength={500}
                  aria-invalid={altError ? true : undefined}
                  aria-describedby={altError ? `${id}-alt-error` : `${id}-alt-hint`}
                  onChange={(event) => {
                    setAlt(event.target.value);
                    setAltError('');
                  }}
                />
                {altError ? (
                  <p id={`${id}-alt-error`} className={styles.error}>
                    {altError}
                  </p>
                ) : (
                  <p id={`${id}-alt-hint`} className={styles.hint}>
                    What the image shows, in a sentence, for people who cannot see it.
                  </p>
                )}
                <label className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={decorative}
                    onChange={(event) => {
                      setDecorative(event.target.checked);
                      setAltError('');
                    }}
                  />
                  Decorative image: it adds nothing to the text (no alt text)
                </label>
              </>
            )}
            {storeAlt.isError && (
              <p role="alert" className={styles.error}>
                Could not keep the alt text in the library: {storeAlt.error.message} The image is not inserted yet: try
                again.
              </p>
            )}
            <button type="submit" className="button" aria-disabled={storeAlt.isPending ? true : undefined}>
              {askAlt ? 'Insert image' : 'Use this image'}
            </button>
          </div>
        </form>
      )}
    </dialog>,
    document.body,
  );
}
