import { useEffect, useState } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type { AutoplayOptionsType } from 'embla-carousel-autoplay';

/**
 * Embla on the viewport, its code downloaded once the carousel is on screen: the slides are server-rendered and
 * laid out by CSS, so the page is whole without it, and a page without a carousel never downloads it. Options
 * are read once, at mount.
 */
export function useEmbla(
  options: EmblaOptionsType,
  autoplay?: AutoplayOptionsType,
): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [settings] = useState(() => ({ options, autoplay }));
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (!viewport) return;
    let cancelled = false;
    let api: EmblaCarouselType | undefined;
    Promise.all([import('embla-carousel'), settings.autoplay ? import('embla-carousel-autoplay') : undefined]).then(
      ([{ default: EmblaCarousel }, autoplayModule]) => {
        if (cancelled) return;
        const plugins = autoplayModule && settings.autoplay ? [autoplayModule.default(settings.autoplay)] : [];
        api = EmblaCarousel(viewport, settings.options, plugins);
        setEmbla(api);
      },
      // Without its script the carousel stays what the server rendered: a labelled area that scrolls.
      (error: unknown) => console.warn('The carousel could not start', error),
    );
    return () => {
      cancelled = true;
      api?.destroy();
      setEmbla(undefined);
    };
  }, [viewport, settings]);

  return [setViewport, embla];
}
