import type { SectionType } from './types.ts';

/**
 * The modules that sections load inside their boundary, named as the build manifest names them: the server links
 * their styles from the page's head, so a section is styled before its code arrives.
 */
const lazyModules: Partial<Record<SectionType, string[]>> = {
  carousel: ['src/ui/carousel/carousel.tsx'],
  'enquiry-form': ['src/sections/enquiry-form/enquiry-form.tsx'],
  'application-form': ['src/sections/application-form/application-form.tsx'],
  'newsletter-signup': ['src/sections/newsletter-signup/newsletter-signup.tsx'],
};

/** The lazy modules of the sections among a page's section types. */
export function lazySectionModules(types: readonly string[]): string[] {
  return types.flatMap((type) => lazyModules[type as SectionType] ?? []);
}

/**
 * The forms' code, a chunk of each form's own: only pages with a form download it (home has none). The route imports
 * it with the page, so hydration and a client-side navigation find it there and the form never waits in its boundary.
 * A carousel is not here: its code waits until the section is near view.
 */
export const formModules = {
  'enquiry-form': () => import('./enquiry-form/enquiry-form.tsx').then((module) => module.EnquiryForm),
  'application-form': () => import('./application-form/application-form.tsx').then((module) => module.ApplicationForm),
  'newsletter-signup': () =>
    import('./newsletter-signup/newsletter-signup.tsx').then((module) => module.NewsletterSignup),
};

/** Imports the forms among a page's section types. */
export function loadFormModules(types: readonly string[]): Promise<unknown[]> {
  return Promise.all(
    types.flatMap((type) =>
      Object.hasOwn(formModules, type) ? [formModules[type as keyof typeof formModules]()] : [],
    ),
  );
}
