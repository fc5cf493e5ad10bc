import { useEffect, useEffectEvent, useId, useState, type DragEvent } from 'react';
import { isApiError } from '@/api/api-client.ts';
import { useUploadMedia } from '@/api/media/upload-media.ts';
import type { MediaRecord } from '@/content/types.gen.ts';
import styles from './media.module.css';

const maxBytes = 15 * 1024 * 1024;
const accepted = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

interface MediaUploaderProps {
  onUploaded: (media: MediaRecord) => void;
}

function firstImage(files: FileList | null | undefined): File | undefined {
  return files ? [...files].find((file) => file.type.startsWith('image/') || file.type === '') : undefined;
}

/**
 * Upload by button, by dropping a file here, or by pasting an image anywhere on the page while this is shown.
 * A refusal is said in words beside it; nothing else on the page is touched.
 */
export function MediaUploader({ onUploaded }: MediaUploaderProps) {
  const id = useId();
  const upload = useUploadMedia();
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState('');
  const [tooLarge, setTooLarge] = useState(false);
  const send = (file: File) => {
    setFileName(file.name || 'pasted image');
    upload.reset();
    // The server refuses it anyway; saying so here spares sending 15 MB for nothing.
    setTooLarge(file.size > maxBytes);
    if (file.size > maxBytes) return;
    upload.mutate({ file }, { onSuccess: onUploaded });
  };

  const sendPasted = useEffectEvent(send);
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = firstImage(event.clipboardData?.files);
      if (file === undefined) return;
      event.preventDefault();
      sendPasted(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = firstImage(event.dataTransfer.files);
    if (file) send(file);
  };

  const error = tooLarge
    ? 'This file is larger than 15 MB: make it smaller (for example, export it at a lower resolution) and upload it again.'
    : upload.error
      ? isApiError(upload.error, 401)
        ? 'Your session has ended: sign in again in another tab, then upload the image again.'
        : upload.error.message
      : '';

  return (
    <div
      className={styles.dropZone}
      data-dragging={dragging ? true : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p className={styles.dropText}>Drop an image here, paste one, or</p>
      <input
        id={`${id}-file`}
        type="file"
        accept={accepted}
        className="visually-hidden"
        aria-describedby={`${id}-rules${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) send(file);
          event.target.value = '';
        }}
      />
      <label htmlFor={`${id}-file`} className={`button ${styles.fileButton}`}>
        Upload an image
      </label>
      <p id={`${id}-rules`} className={styles.hint}>
        JPEG, PNG, WebP, AVIF or GIF, up to 15 MB.
      </p>
      <div aria-live="polite" className={styles.uploadStatus}>
        {upload.isPending && <p>Uploading {fileName}…</p>}
        {upload.isSuccess && <p>Uploaded {fileName}.</p>}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          Could not upload {fileName}: {error}
        </p>
      )}
    </div>
  );
}
