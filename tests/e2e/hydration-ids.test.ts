/**
 * `useId` gives the same id on the server and in the browser only if both render the same tree: an extra provider's
 * sibling, a fragment or a Suspense boundary on one side shifts every id after it. A label, a hint or a menu that
 * names its element by such an id must name an element both in the server's HTML and after hydration.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { hydrated, openPage, phone } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Reference {
  /** The element's tag and the start of its text, to pair the server's element with the live one. */
  element: string;
  attribute: string;
  ids: string[];
  /** The referenced ids that name no element of the document. */
  unresolved: string[];
}

/**
 * Every id reference under #root of a document: the server's HTML (parsed, no script run) or the live page. On the
 * live page, each reference is also read from the props React rendered the element with: hydration keeps the
 * server's attribute even when React's own id differs, and React writes its own id into whatever it renders next.
 */
function idReferences(page: Page, serverHtml?: string): Promise<Reference[]> {
  return page.evaluate((html) => {
    const document_ = html ? new DOMParser().parseFromString(html, 'text/html') : document;
    const root = document_.getElementById('root')!;
    const attributes: Record<string, string> = {
      'aria-describedby': 'aria-describedby',
      'aria-labelledby': 'aria-labelledby',
      'aria-controls': 'aria-controls',
      for: 'htmlFor',
    };
    const references: Reference[] = [];
    const add = (element: Element, attribute: string, value: string) => {
      const ids = value.split(/\s+/).filter(Boolean);
      references.push({
        element: `${element.tagName.toLowerCase()}:${element.textContent?.trim().slice(0, 40) ?? ''}`,
        attribute,
        ids,
        unresolved: ids.filter((id) => !document_.getElementById(id)),
      });
    };
    const selector = Object.keys(attributes)
      .map((name) => `[${name}]`)
      .join(',');
    for (const element of root.querySelectorAll(selector)) {
      const propsKey = html ? undefined : Object.keys(element).find((key) => key.startsWith('__reactProps$'));
      const props = propsKey ? (element as unknown as Record<string, Record<string, unknown>>)[propsKey] : undefined;
      for (const [attribute, prop] of Object.entries(attributes)) {
        const value = element.getAttribute(attribute);
        if (value === null) continue;
        add(element, attribute, value);
        if (props) add(element, `${attribute} (React)`, String(props[prop]));
      }
    }
    return references;
  }, serverHtml);
}

/** The live references, each as the server wrote it and as React holds it (both must be the server's). */
function asServerAndReact(server: Reference[]): Reference[] {
  return server.flatMap((reference) => [reference, { ...reference, attribute: `${reference.attribute} (React)` }]);
}

async function compareIds(path: string, prepare: (page: Page) => Promise<void>) {
  const { page, context, errors } = await openPage(browser, phone);
  const response = await page.request.get(path);
  const serverHtml = await response.text();
  await page.goto(path);
  const server = await idReferences(page, serverHtml);
  await hydrated(page);
  await prepare(page);
  const live = await idReferences(page);
  await context.close();
  return { server, live, errors };
}

describe('ids from useId', () => {
  it('are the same in the server HTML and after hydration on a form page, and name an element in both', async () => {
    const { server, live, errors } = await compareIds('/contact', async () => {});
    expect(server.length).toBeGreaterThan(3);
    expect(server.filter((reference) => reference.unresolved.length > 0)).toEqual([]);
    expect(live).toEqual(asServerAndReact(server));
    expect(errors).toEqual([]);
  });

  it('are the same in the server HTML and after a near-view carousel hydrates', async () => {
    const { server, live, errors } = await compareIds('/portfolio', async (page) => {
      const results = page.getByRole('region', { name: 'Campaign results' });
      await results.scrollIntoViewIfNeeded();
      // The Pause button is drawn once the carousel's code runs: the section is hydrated.
      await page.getByRole('button', { name: 'Pause Campaign results' }).waitFor({ timeout: 15_000 });
    });
    expect(server.some((reference) => reference.attribute === 'aria-describedby')).toBe(true);
    expect(server.filter((reference) => reference.unresolved.length > 0)).toEqual([]);
    expect(live).toEqual(asServerAndReact(server));
    expect(errors).toEqual([]);
  });
});
