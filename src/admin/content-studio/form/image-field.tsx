import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import fieldStyles from '../../ui/field.module.css';
import type { StudioFormContext } from './form-context.ts';
import { ImagePicker } from './image-picker.tsx';
import { fieldLabel } from './labels.ts';
import { previewSrc, siteImage, type PickableImage } from './library-images.ts';
import styles from './form.module.css';

interface ImageValue {
  src?: string;
  alt?: string;
  width?: number;
  height?: number;
}

/** Whether a schema is an image: an object whose `src` names an image file (`contentMediaType: image/*`). */
export function isImageSchema(schema: FieldProps['schema']): boolean {
  const src = schema.properties?.src;
  return typeof src === 'object' && src.contentMediaType === 'image/*';
}

const errorsOf = (errorSchema: FieldProps['errorSchema'], field: keyof ImageValue) =>
  (errorSchema?.[field] as { __errors?: string[] } | undefined)?.__errors ?? [];

/**
 * An image: chosen with the picker among the site's images and the media library's (which sets its size), with
 * its alt text beside it, required. A file that exists in neither is named as such until another is chosen.
 */
export function ImageField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, disabled, readonly, schema, errorSchema, uiSchema } = props;
  // A word from the object that holds the image (a testimonial whose company changed): shown above the picker.
  const notice = getUiOptions(uiSchema).notice;
  const { images, library = [], libraryProblem } = registry.formContext as StudioFormContext;
  const [open, setOpen] = useState(false);
  const [described, setDescribed] = useState<Record<string, string | undefined>>({});
  const opener = useRef<HTMLButtonElement>(null);
  const image = (formData ?? {}) as ImageValue;
  const id = fieldPathId.$id;
  const pointer = `/${fieldPathId.path.join('/')}`;
  const set = (next: ImageValue) => onChange(next as never, fieldPathId.path);

  const offered: PickableImage[] = [...images.map(siteImage), ...library];
  const known = image.src === undefined || offered.some((candidate) => candidate.src === image.src);
  // A library image the picker's first page does not list may still be in the library: the save says.
  const missing = !known && !(image.src?.startsWith('/images/library/') && libraryProblem === undefined);
  const srcProblems = [
    ...(missing ? [`The file ${image.src} does not exist: choose another image.`] : []),
    ...errorsOf(errorSchema, 'src'),
    ...errorsOf(errorSchema, 'width'),
    ...errorsOf(errorSchema, 'height'),
  ];
  const altEmpty = (image.alt ?? '').trim() === '';
  const altProblems = errorsOf(errorSchema, 'alt').map((problem) =>
    altEmpty ? 'Describe what the image shows: every image needs alt text.' : problem,
  );

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const choose = (chosen: PickableImage) => {
    // Alt text describes one image: another image takes the description written for it before in this field, or
    // the library's, or none until the person writes one.
    const known = image.src ? { ...described, [image.src]: image.alt } : described;
    setDescribed(known);
    const alt = chosen.src === image.src ? image.alt : (known[chosen.src] ?? chosen.alt);
    set({ ...image, src: chosen.src, alt, width: chosen.width, height: chosen.height });
    close();
  };

  return (
    <fieldset id={id}>
      <legend>{fieldLabel(String(fieldPathId.path.at(-1) ?? ''), schema.title)}</legend>
      {schema.description && <p className={styles.description}>{schema.description}</p>}
      <div
        className={fieldStyles.field}
        data-invalid={srcProblems.length > 0 ? true : undefined}
        data-pointer={`${pointer}/src`}
      >
        <span id={`${id}_src-label`} className={fieldStyles.label}>
          Image file
        </span>
        {typeof notice === 'string' && (
          <p id={`${id}_src-notice`} className={styles.notice}>
            {notice}
          </p>
        )}
        {srcProblems.map((problem) => (
          <p key={problem} id={`${id}_src-error`} className={fieldStyles.error}>
            {problem}
          </p>
        ))}
        <div className={styles.imageChoice}>
          {image.src && !missing && <img className={styles.imagePreview} src={previewSrc(image.src)} alt="" />}
          <span className={styles.imageName}>
            {image.src ?? 'No image chosen yet.'}
            {image.width && image.height ? ` (${image.width} × ${image.height})` : ''}
          </span>
        </div>
        <button
          ref={opener}
          type="button"
          className="button button-secondary"
          aria-expanded={open}
          aria-controls={open ? `${id}_picker` : undefined}
          aria-describedby={
            [typeof notice === 'string' && `${id}_src-notice`, srcProblems.length > 0 && `${id}_src-error`]
              .filter(Boolean)
              .join(' ') || undefined
          }
          disabled={disabled || readonly}
          onClick={() => setOpen(!open)}
        >
          {image.src ? 'Change image' : 'Choose an image'}
          <span className="visually-hidden">
            {' '}
            for {fieldLabel(String(fieldPathId.path.at(-1) ?? ''), schema.title)}
          </span>
        </button>
        {open && (
          <ImagePicker
            id={`${id}_picker`}
            images={offered}
            value={image.src}
            libraryProblem={libraryProblem}
            onChoose={choose}
            onClose={close}
          />
        )}
      </div>
      <div
        className={fieldStyles.field}
        data-invalid={altProblems.length > 0 ? true : undefined}
        data-pointer={`${pointer}/alt`}
      >
        <label htmlFor={`${id}_alt`} className={fieldStyles.label}>
          Alt text (required)
        </label>
        <div id={`${id}_alt-hint`} className={fieldStyles.hint}>
          What the image shows, in a sentence, for people who cannot see it and for search engines.
        </div>
        {altProblems.map((problem) => (
          <p key={problem} id={`${id}_alt-error`} className={fieldStyles.error}>
            {problem}
          </p>
        ))}
        <input
          id={`${id}_alt`}
          value={image.alt ?? ''}
          required
          disabled={disabled || readonly}
          aria-invalid={altProblems.length > 0 ? true : undefined}
          aria-describedby={`${id}_alt-hint${altProblems.length > 0 ? ` ${id}_alt-error` : ''}`}
          onChange={(event) => set({ ...image, alt: event.target.value === '' ? undefined : event.target.value })}
        />
      </div>
    </fieldset>
  );
}
