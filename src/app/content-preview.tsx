import { createContext, useContext, useEffect, useState, type ComponentType } from 'react';
import type { PageDocument } from '@/content/types.gen.ts';
import { sectionComponents, type SectionComponents } from '@/sections/section-renderer.tsx';
import type { SectionProps, SectionType } from '@/sections/types.ts';
import { ContentPage } from '@/site/content-page.tsx';

/** The messages between the content studio and its preview frame, both on this origin. */
export const previewMessage = 'northbeam:preview';
export const previewReady = 'northbeam:preview-ready';
export const previewFocus = 'northbeam:preview-focus';

const reducedMotion = '(prefers-reduced-motion: reduce)';

/**
 * Each section's component behind a hidden mark naming its position, so that the frame can scroll to the section being
 * edited. The marks exist here only: the site's own pages render the components as they are.
 */
const PreviewSections = createContext<PageDocument['sections']>([]);

const markedComponents = Object.fromEntries(
  Object.entries(sectionComponents).map(([type, Component]) => {
    const Section = Component as ComponentType<SectionProps<SectionType>>;
    function Marked(props: SectionProps<SectionType>) {
      const sections = useContext(PreviewSections);
      return (
        <>
          <span hidden data-preview-section={sections.indexOf(props.section)} />
          <Section {...props} />
        </>
      );
    }
    return [type, Marked];
  }),
) as SectionComponents;

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Scrolls the frame (never the studio around it) to the section at `index`. A section just added may not be rendered
 * yet (its document arrives at the same time, its code may still be loading): it is looked for again for two seconds.
 */
function scrollToSection(index: number, tries = 20) {
  clearTimeout(pending);
  const mark = document.querySelector(`[data-preview-section="${index}"]`);
  const section = mark?.nextElementSibling;
  if (!section) {
    if (tries > 0) pending = setTimeout(() => scrollToSection(index, tries - 1), 100);
    return;
  }
  const top = section.getBoundingClientRect().top + window.scrollY;
  window.scrollTo({ top, behavior: window.matchMedia(reducedMotion).matches ? 'auto' : 'smooth' });
}

/**
 * /admin/content-preview, shown in the content studio's frame: the page the studio sends (its unsaved document),
 * rendered by the site's own page and section components with the site's stylesheet, away from the admin's styles.
 * It takes messages only from the window that frames it, on this origin, and fetches nothing itself.
 */
export function ContentPreview() {
  const [document, setDocument] = useState<PageDocument | null>(null);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const data = event.data as { type?: unknown; document?: PageDocument; section?: unknown };
      if (data.type === previewMessage && typeof data.document === 'object') setDocument(data.document);
      if (data.type === previewFocus && typeof data.section === 'number') scrollToSection(data.section);
    };
    window.addEventListener('message', listen);
    if (window.parent !== window) window.parent.postMessage({ type: previewReady }, window.location.origin);
    return () => window.removeEventListener('message', listen);
  }, []);
  if (!document) return <p>The preview shows here once the page is open in the content studio.</p>;
  return (
    // Room below the last section, so that it too can come to the top of the frame when it is edited.
    <main id="main" tabIndex={-1} style={{ paddingBottom: '80vh' }}>
      <PreviewSections.Provider value={document.sections}>
        <ContentPage doc={document} meta={document} components={markedComponents} />
      </PreviewSections.Provider>
    </main>
  );
}
