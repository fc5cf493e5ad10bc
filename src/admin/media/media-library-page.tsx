import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMediaList } from '@/api/media/list-media.ts';
import type { MediaRecord } from '@/content/types.gen.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { MediaDetails } from './media-details.tsx';
import { MediaGrid } from './media-grid.tsx';
import { MediaSearch } from './media-search.tsx';
import { MediaUploader } from './media-uploader.tsx';
import styles from './media.module.css';

const pageSize = 60;

/** The media library: upload, find by name or alt text, describe, see where each image is used, delete. */
export function MediaLibraryPage() {
  const [searchParams] = useSearchParams();
  // ?q= opens the library on one image's name, as the Activity screen links to it.
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
  const [selected, setSelected] = useState<MediaRecord | null>(null);
  const list = useMediaList({ q: search.trim() || undefined, limit: pageSize });
  const current = list.data?.media.find((media) => media._id === selected?._id) ?? selected;
  return (
    <>
      <PageHeader title="Media" />
      <MediaUploader onUploaded={setSelected} />
      <MediaSearch label="Search by name or alt text" value={search} onChange={setSearch} />
      {list.isError && (
        <p role="alert" className={styles.error}>
          Could not load the images: {list.error.message}
        </p>
      )}
      {list.data && (
        <p className={styles.hint} aria-live="polite">
          {list.data.total === 0
            ? search
              ? 'No image matches this search.'
              : 'No images yet: upload the first one above.'
            : list.data.total > list.data.media.length
              ? `Showing the newest ${list.data.media.length} of ${list.data.total} images: search to find others.`
              : `${list.data.total} ${list.data.total === 1 ? 'image' : 'images'}.`}
        </p>
      )}
      <div className={styles.library}>
        {list.data && (
          <MediaGrid media={list.data.media} selectedId={current?._id ?? null} onSelect={setSelected} label="Images" />
        )}
        {current && <MediaDetails key={current._id} media={current} onDeleted={() => setSelected(null)} />}
      </div>
    </>
  );
}
