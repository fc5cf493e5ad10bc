import { useState } from 'react';
import { isApiError } from '@/api/api-client.ts';
import { useUploadMedia } from '@/api/media/upload-media.ts';
import fieldStyles from '../../ui/field.module.css';
import { libraryImage, type PickableImage } from './library-images.ts';
import styles from './image-picker.module.css';

/** Why an upload failed, in a sentence saying what to do; the chosen file and alt text stay. */
function uploadProblem(error: unknown): string {
  if (!isApiError(error)) return `The upload failed: ${String(error)}. Try again.`;
  switch (error.status) {
    case 0:
      return 'Could not reach the server, so nothing was uploaded. Check your connection, then upload again.';
    case 413:
      return 'The file is larger than the media library accepts. Make the image smaller (or export it as WebP or JPEG), then upload it again.';
    case 415:
      return 'This kind of file cannot go in the media library. Upload a JPEG, PNG, WebP, AVIF or GIF image.';
    case 401:
      return 'You are signed out, so nothing was uploaded. Sign in again in another tab, then upload again.';
    default: {
      const details = error.details.map((detail) => detail.message).join(' ');
      return `${error.message}${details ? ` ${details}` : ''} Nothing was uploaded.`;
    }
  }
}

/**
 * Uploads an image into the media library (POST /api/media, with its alt text), then chooses it for the field: what
 * the media library's own screen does, without leaving the page.
 */
export function ImageUpload({ id, onUploaded }: { id: string; onUploaded: (image: PickableImage) => void }) {
  const upload = useUploadMedia();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const send = async () => {
    if (!file) return setProblem('Choose an image file first.');
    if (alt.trim() === '') return setProblem('Describe what the image shows: every image needs alt text.');
    setProblem(null);
    try {
      const record = await upload.mutateAsync({ file, alt: alt.trim() });
      onUploaded({ ...libraryImage(record), alt: record.alt || alt.trim() });
    } catch (error) {
      setProblem(uploadProblem(error));
    }
  };

  return (
    <div className={styles.upload} role="group" aria-labelledby={`${id}-upload-title`}>
      <p id={`${id}-upload-title`} className={styles.groupLabel}>
        Or upload a new image to the media library
      </p>
      <label htmlFor={`${id}-file`} className={fieldStyles.label}>
        Image file
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <label htmlFor={`${id}-upload-alt`} className={fieldStyles.label}>
        Alt text: what the image shows
      </label>
      <input
        id={`${id}-upload-alt`}
        className={fieldStyles.input}
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
        maxLength={300}
      />
      {problem && (
        <p className={fieldStyles.error} role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="button" disabled={upload.isPending} onClick={() => void send()}>
        {upload.isPending ? 'Uploading…' : 'Upload and use this image'}
      </button>
    </div>
  );
}
