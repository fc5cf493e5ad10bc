import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useDeleteMedia } from '@/api/media/delete-media.ts';
import { useMedia } from '@/api/media/get-media.ts';
import { useUpdateMedia } from '@/api/media/update-media.ts';
import type { MediaRecord } from '@/content/types.gen.ts';
import { missingMediaPermission } from '@/domain/media-change.ts';
import { refusalMessage } from '@/domain/team-permissions.ts';
import { useAdminSession } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';
import { describeSize, thumbnailUrl } from './media-thumbnail.ts';
import styles from './media.module.css';

interface MediaDetailsProps {
  media: MediaRecord;
  onDeleted: () => void;
}

/**
 * One image (keyed by its id, so that another image starts afresh): its alt text (editable), the posts that use it,
 * and Delete (refused while a post uses it). A role that may not change this image sees it without either, and why.
 */
export function MediaDetails({ media, onDeleted }: MediaDetailsProps) {
  const id = useId();
  const { user } = useAdminSession();
  const missing = missingMediaPermission({ id: user._id, role: user.role }, media.createdById);
  const details = useMedia(media._id);
  const update = useUpdateMedia();
  const remove = useDeleteMedia();
  const [alt, setAlt] = useState(media.alt);
  const usedBy = details.data?.usedBy;

  const saveAlt = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: media._id, update: { alt } });
  };

  const preview = media.variants.filter((variant) => variant.format === 'webp').find((variant) => variant.width >= 640);
  return (
    <section className={styles.details} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.detailsTitle}>
        {media.fileName}
      </h2>
      <img
        src={preview?.url ?? thumbnailUrl(media)}
        alt=""
        width={media.width}
        height={media.height}
        className={styles.detailsPreview}
      />
      <p className={styles.hint}>
        {media.width} × {media.height} pixels, {describeSize(media.bytes)}, uploaded by {media.createdBy}. Address:{' '}
        <code>{media.url}</code>
      </p>
      {missing ? (
        <>
          <p className={styles.hint}>Alt text: {media.alt || 'none'}</p>
          <p className={styles.hint}>{refusalMessage(user.role, missing)}</p>
        </>
      ) : (
        <form onSubmit={saveAlt} noValidate className={styles.altForm}>
          <label htmlFor={`${id}-alt`}>Alt text</label>
          <input
            id={`${id}-alt`}
            type="text"
            value={alt}
            maxLength={500}
            onChange={(event) => setAlt(event.target.value)}
          />
          <button type="submit" className="button button-secondary" disabled={update.isPending}>
            Save alt text
          </button>
          <div aria-live="polite">{update.isSuccess && <p>Alt text saved.</p>}</div>
          {update.isError && (
            <p role="alert" className={styles.error}>
              Could not save the alt text: {update.error.message}
            </p>
          )}
        </form>
      )}
      <h3 className={styles.usageTitle}>
        {usedBy === undefined ? 'Usage' : `Used by ${usedBy.length === 1 ? '1 post' : `${usedBy.length} posts`}`}
      </h3>
      {details.isError && <p className={styles.error}>Could not load where it is used: {details.error.message}</p>}
      {usedBy && usedBy.length > 0 && (
        <ul className={styles.usage}>
          {usedBy.map((post) => (
            <li key={post._id}>
              <Link to={`/admin/blog/edit/${post._id}`}>{post.title}</Link>
            </li>
          ))}
        </ul>
      )}
      {!missing && (
        <button
          type="button"
          className="button button-secondary"
          disabled={remove.isPending}
          onClick={() => remove.mutate(media._id, { onSuccess: onDeleted })}
        >
          Delete image
        </button>
      )}
      {remove.isError && <Alert>Could not delete the image: {remove.error.message}</Alert>}
    </section>
  );
}
