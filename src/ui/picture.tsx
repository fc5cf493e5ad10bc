import type { Image } from '@/content/types.gen.ts';

interface PictureProps {
  image: Image;
  /** The largest paint of the page: load at once and with high priority. */
  priority?: boolean;
  className?: string;
}

/** An image of the site with its intrinsic size reserved, lazy unless it is the page's main image. */
export function Picture({ image, priority = false, className }: PictureProps) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
