import type * as FooterModule from '../footer.tsx';

/**
 * The footer's module for `vi.mock`, with a `Footer` that counts its renders in `renders.footer`: the tests that prove
 * the footer is rendered once (per build on the server, once while moving through the site) share it.
 */
export async function countedFooter(
  importOriginal: <T>() => Promise<T>,
  renders: { footer: number },
): Promise<typeof FooterModule> {
  const footer = await importOriginal<typeof FooterModule>();
  return {
    ...footer,
    Footer: () => {
      renders.footer += 1;
      return footer.Footer();
    },
  };
}
