import type { EditorState } from '@tiptap/pm/state';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { animationsFinished, openPage, seriousViolations } from './page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** What Google Docs puts on the clipboard: styles on every span, a bold wrapper that is not bold, and more. */
const googleDocsHtml =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234abcd">' +
  '<h2 dir="ltr" style="line-height:1.38;margin-top:18pt"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000">From the doc</span></h2>' +
  '<p dir="ltr" style="line-height:1.38"><span style="font-size:11pt;font-family:Arial;font-weight:700">Strong point</span>' +
  '<span style="font-size:11pt;font-family:Arial"> and </span><span style="font-size:11pt;font-style:italic">a nuance</span>' +
  '<span> with </span><a href="https://example.com/source" style="text-decoration:none"><span style="color:#1155cc;text-decoration:underline">a source</span></a></p>' +
  '<ul style="margin-top:0"><li dir="ltr" style="list-style-type:disc"><p dir="ltr" role="presentation"><span style="font-size:11pt">First bullet</span></p></li></ul>' +
  '<font face="Comic Sans">Old font</font><script>window.pastedScriptRan = true</script><style>p{color:red}</style></b>';

async function signedIn(): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const { page, context, errors } = await openPage(browser);
  await page.goto('/admin');
  await page.getByLabel('Email').fill(inject('admin').email);
  await page.getByLabel('Password').fill(inject('admin').password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return { page, close: () => context.close(), errors };
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
const editorHtml = (page: Page) => editorOf(page).evaluate((element) => element.innerHTML);
const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';

async function pasteHtml(page: Page, html: string): Promise<void> {
  await editorOf(page).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/html', pasted);
    data.setData('text/plain', 'fallback');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

describe('the rich-text editor', () => {
  it('formats with the toolbar, shortcuts and Markdown, cleans pasted Google Docs, inserts an uploaded image, and the public page serves it responsively', async () => {
    const { page, close, errors } = await signedIn();
    await page.goto('/admin/blog/new');
    await page.getByLabel('Title').fill('Written in the editor');
    const editor = editorOf(page);
    await editor.click();

    await page.getByRole('button', { name: 'Bold' }).click();
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('Loud');
    await page.keyboard.press(`${modifier}+b`);
    await page.keyboard.type(' then ');
    await page.keyboard.press(`${modifier}+i`);
    await page.keyboard.type('leaning');
    await page.keyboard.press(`${modifier}+i`);
    await page.keyboard.press('Enter');
    await page.keyboard.type('## A section');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- one');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1. first');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> quoted');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await editorHtml(page)).toContain(
      '<p><strong>Loud</strong> then <em>leaning</em></p><h2>A section</h2><ul><li><p>one</p></li></ul><ol><li><p>first</p></li></ol><blockquote><p>quoted</p></blockquote>',
    );

    // A link by Ctrl+K: javascript: is refused in words, https accepted.
    await page.keyboard.type('see this');
    await page.keyboard.press('Shift+Home');
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('see this');
    // ProseMirror reads the browser's selection on its next selectionchange event: wait until its state has it.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const { state } = (document.querySelector('.ProseMirror') as unknown as { editor: { state: EditorState } })
            .editor;
          return state.doc.textBetween(state.selection.from, state.selection.to);
        }),
      )
      .toBe('see this');
    await page.keyboard.press(`${modifier}+k`);
    const linkDialog = page.getByRole('dialog', { name: 'Link' });
    // A field a finger can hit, with an example that is a real page of the site.
    const addressBox = await linkDialog.getByLabel('Address').boundingBox();
    expect(addressBox!.height).toBeGreaterThanOrEqual(44);
    await linkDialog.getByText('a path on this site such as /contact.').waitFor();
    await linkDialog.getByLabel('Address').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    await linkDialog.getByText('Use a web address (https://…)').waitFor();
    await linkDialog.getByLabel('Address').fill('https://example.com/more');
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    expect(await editorHtml(page)).toContain('<a href="https://example.com/more">see this</a>');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');

    await pasteHtml(page, googleDocsHtml);
    await expect.poll(() => editorHtml(page)).toContain('From the doc');
    const pasted = await editorHtml(page);
    expect(pasted).toContain('<h2>From the doc</h2>');
    expect(pasted).toContain(
      '<strong>Strong point</strong> and <em>a nuance</em> with <a href="https://example.com/source">a source</a>',
    );
    expect(pasted).toContain('<li><p>First bullet</p></li>');
    expect(pasted).toContain('Old font');
    expect(pasted).not.toMatch(/style=|class=(?!"ProseMirror)|<span|<font|<script|<b |docs-internal/);
    expect(await page.evaluate(() => (window as { pastedScriptRan?: boolean }).pastedScriptRan)).toBeUndefined();

    // An image, uploaded from the editor's Image button, with its alt text.
    await page.getByRole('button', { name: 'Image' }).click();
    const picker = page.getByRole('dialog', { name: 'Insert an image' });
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2540d9' } })
      .png()
      .toBuffer();
    await picker
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: png });
    await picker.getByText('Uploaded harbour.png.').waitFor({ timeout: 30_000 });
    await picker.getByRole('button', { name: 'Insert image' }).click();
    await picker.getByText('Describe the image for people who cannot see it').waitFor();
    expect((await picker.getByLabel('Alt text', { exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await picker.getByLabel('Alt text', { exact: true }).fill('The harbour at dawn');
    await picker.getByRole('button', { name: 'Insert image' }).click();
    await expect
      .poll(() => editorHtml(page))
      .toMatch(/<img src="\/media\/[0-9a-f]{20}\.png" alt="The harbour at dawn" width="800" height="500"/);
    // The cursor is past the image: typing adds text and keeps the picture.
    await page.keyboard.type('Typed after the picture');
    expect(await editorHtml(page)).toMatch(/alt="The harbour at dawn"[^>]*><p>Typed after the picture<\/p>/);

    // The library keeps the alt text, and offers it when the image is inserted again.
    const stored = await page.evaluate(async () => (await fetch('/api/media?q=harbour')).json());
    expect(stored.map((media: { alt: string }) => media.alt)).toEqual(['The harbour at dawn']);
    await page.getByRole('button', { name: 'Image' }).click();
    await picker.getByRole('button', { name: /harbour\.png/ }).click();
    expect(await picker.getByLabel('Alt text', { exact: true }).inputValue()).toBe('The harbour at dawn');
    await picker.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');

    // What was saved is what the sanitiser keeps: the stored html equals the content (up to void-tag spelling).
    const saved = await page.evaluate(async () => (await fetch('/api/blogs/slug/written-in-the-editor')).json());
    expect(saved.html.replaceAll(' />', '>')).toBe(saved.content);
    expect(saved.content).toMatch(/alt="The harbour at dawn"[^>]*><p>Typed after the picture<\/p>/);

    // Opening and saving without an edit leaves the content byte for byte.
    await page.goto(`/admin/blog/edit/${saved._id}`);
    await editorOf(page).waitFor();
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    const again = await page.evaluate(async () => (await fetch('/api/blogs/slug/written-in-the-editor')).json());
    expect(again.content).toBe(saved.content);

    const response = await page.goto('/blogs/written-in-the-editor');
    const html = (await response!.text()) as string;
    // AVIF is offered first once the background work has made it; WebP alone until then.
    expect(html).toMatch(
      /<picture>(<source type="image\/avif" srcset="\/media\/[0-9a-f]{20}-320\.avif 320w, \/media\/[0-9a-f]{20}-640\.avif 640w" sizes="[^"]+">)?<source type="image\/webp" srcset="\/media\/[0-9a-f]{20}-320\.webp 320w, \/media\/[0-9a-f]{20}-640\.webp 640w" sizes="[^"]+"><img src="\/media\/[0-9a-f]{20}\.png" alt="The harbour at dawn" width="800" height="500" loading="lazy" decoding="async"><\/picture>/,
    );
    const image = page.getByRole('img', { name: 'The harbour at dawn' });
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.currentSrc))
      .toMatch(/\.(webp|avif)$/);
    expect(errors.filter((error) => !/status of 40[149]/.test(error))).toEqual([]);
    await close();
  });

  it('is usable by keyboard alone: one Tab stop for the toolbar, arrows between its buttons', async () => {
    const { page, close } = await signedIn();
    await page.goto('/admin/blog/new');
    await page.getByLabel('Content format').focus();
    await page.keyboard.press('Tab');
    const focusedName = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(await focusedName()).toContain('Bold');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName()).toContain('Italic');
    await page.keyboard.press('End');
    expect(await focusedName()).toContain('Redo');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName()).toContain('Bold');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName()).toContain('Image');
    // Tab leaves the toolbar for the text; Shift+Tab comes back to the button used last.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('textbox');
    await page.keyboard.type('Typed by keyboard');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toContain('Image');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('shows the media library with usage, refuses to delete a used image in words, and is axe clean', async () => {
    const { page, close } = await signedIn();
    await page.getByRole('link', { name: 'Media' }).click();
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    await page.getByRole('button', { name: /harbour\.png/ }).click();
    const details = page.getByRole('region', { name: 'harbour.png' });
    await details.getByRole('heading', { name: 'Used by 1 post' }).waitFor();
    expect(await details.getByRole('link', { name: 'Written in the editor' }).getAttribute('href')).toMatch(
      /^\/admin\/blog\/edit\//,
    );
    await details.getByRole('button', { name: 'Delete image' }).click();
    await details
      .getByRole('alert')
      .getByText('This image is used by 1 post (“Written in the editor”): remove it from that post first.')
      .waitFor();

    await details.getByLabel('Alt text', { exact: true }).fill('Harbour, blue hour');
    await details.getByRole('button', { name: 'Save alt text' }).click();
    await details.getByText('Alt text saved.').waitFor();
    await page.getByLabel('Search by name or alt text').fill('blue hour');
    await page.getByRole('button', { name: /harbour\.png/ }).waitFor();
    await page.getByLabel('Search by name or alt text').fill('no such picture');
    await page.getByText('No image matches this search.').waitFor();
    // Off every button: axe must not read a colour halfway through a hover transition.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByLabel('Search by name or alt text').fill('');
    await page.getByRole('button', { name: /harbour\.png/ }).waitFor();
    await page.mouse.move(0, 0);
    await animationsFinished(page);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });
});
