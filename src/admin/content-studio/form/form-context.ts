import type { DocumentProblem } from '../document-problems.ts';
import type { PickableImage } from './library-images.ts';

/** What the form offers to choose from, given by the page that holds it. */
export interface StudioFormContext {
  /** Every route the site has now (from the content list). */
  routes: string[];
  /** The blog's posts readers see now, at their addresses (/blogs/…): links may lead there too. */
  postRoutes: { route: string; title: string }[];
  /** The site's images (the files under public/images), with their sizes. */
  images: { src: string; width: number; height: number }[];
  /** The media library's images, offered beside the site's; absent while loading or when it cannot be read. */
  library?: PickableImage[];
  /** Why the media library is not offered, in a sentence. */
  libraryProblem?: string;
  /**
   * What is wrong with the document as it is now, at JSON pointers: the one source of the problems shown beside the
   * fields and on the sections, so that a problem shows where it is and goes as soon as it does.
   */
  problems?: DocumentProblem[];
  /** The page's kind (`service`, `article`, …): fields that apply to other kinds only are not offered. */
  pageKind?: string;
}
