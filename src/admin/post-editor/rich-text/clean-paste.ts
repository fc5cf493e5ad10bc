/** Headings the post cannot hold become the nearest it can: the page's title is its only h1. */
const headingLevels: Record<string, string> = { H1: 'h2', H5: 'h4', H6: 'h4' };

/**
 * Tidies HTML pasted from Google Docs, Word or a web page before the editor parses it. The editor's schema already
 * drops styles, classes, spans and fonts (keeping bold and italic that a style expresses); this removes what would
 * otherwise leave text behind (scripts, style sheets, Word's markup) and keeps headings as headings.
 */
export function cleanPastedHtml(html: string): string {
  // Parsed documents share our CSP, which reports every style attribute and <style> element: they are renamed
  // or removed in the text first (styles still say which text is bold or italic).
  const inert = html
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, '')
    .replace(/\sstyle\s*=\s*("[^"]*"|'[^']*')/gi, ' data-paste-style=$1');
  const document = new DOMParser().parseFromString(inert, 'text/html');
  for (const element of document.body.querySelectorAll(
    'script, style, noscript, template, iframe, object, meta, link, title',
  )) {
    element.remove();
  }
  // Word's empty paragraph markers (<o:p>).
  for (const element of [...document.body.getElementsByTagName('*')]) {
    if (element.tagName.includes(':')) element.replaceWith(...element.childNodes);
  }
  // Google Docs wraps the whole selection in <b style="font-weight:normal">, which is not bold at all.
  for (const element of document.body.querySelectorAll('b, strong')) {
    if (/font-weight:\s*(normal|[1-4]00)\b/.test(element.getAttribute('data-paste-style') ?? '')) {
      element.replaceWith(...element.childNodes);
    }
  }
  // Google Docs and Word say bold and italic with styles on spans; the editor keeps them as <strong> and <em>.
  for (const span of document.body.querySelectorAll('span[data-paste-style]')) {
    const style = span.getAttribute('data-paste-style') ?? '';
    let content: Node[] = [...span.childNodes];
    for (const [pattern, tag] of [
      [/font-style:\s*italic/, 'em'],
      [/font-weight:\s*(bold|[6-9]00)\b/, 'strong'],
    ] as const) {
      if (!pattern.test(style)) continue;
      const wrapper = document.createElement(tag);
      wrapper.append(...content);
      content = [wrapper];
    }
    span.replaceWith(...content);
  }
  for (const element of document.body.querySelectorAll('h1, h5, h6')) {
    const heading = document.createElement(headingLevels[element.tagName]!);
    heading.append(...element.childNodes);
    element.replaceWith(heading);
  }
  for (const element of document.body.querySelectorAll('[data-paste-style], [class]')) {
    element.removeAttribute('data-paste-style');
    element.removeAttribute('class');
  }
  return document.body.innerHTML;
}
