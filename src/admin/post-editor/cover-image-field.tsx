import { useState } from 'react';
import { InputField } from '../ui/field.tsx';
import { CoverImagePicker } from './cover-image-picker.tsx';
import { fieldLabels } from './field-labels.ts';
import { fieldId, type PostFieldsProps } from './post-field-props.ts';
import styles from './post-form.module.css';

/** The same rule as the schema's coverImage pattern: only such addresses are worth previewing. */
const previewable = /^(https?:\/\/\S+|\/[^\s/]\S*)$/;

/** The cover image's address, with a preview of it. */
export function CoverImageField({ values, errors, onChange }: PostFieldsProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = values.coverImage.trim();
  const showPreview = previewable.test(src);
  return (
    <InputField
      id={fieldId('coverImage')}
      label={fieldLabels.coverImage}
      error={errors.coverImage}
      hint="Optional. Choose or upload one in the media library, or paste https://… or a path on this site such as /images/cover.jpg."
      value={values.coverImage}
      onChange={(value) => onChange('coverImage', value)}
      control={{ type: 'text', inputMode: 'url', autoCapitalize: 'none', spellCheck: false }}
    >
      <CoverImagePicker onPick={(url) => onChange('coverImage', url)} />
      {showPreview && (
        <figure className={styles.coverPreview}>
          {failedSrc === src ? (
            <p className={styles.coverFailed} role="status">
              This image could not be loaded. Check the address.
            </p>
          ) : (
            <img src={src} alt="Preview of the cover" width={1200} height={630} onError={() => setFailedSrc(src)} />
          )}
        </figure>
      )}
    </InputField>
  );
}
