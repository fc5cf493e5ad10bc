/** Headings the post cannot hold become the nearest it can: the page's title is its only h1. */
const headingLevels: Record<string, string> = { H1: 'h2', H5: 'h4', H6: 'h4' };

/**
 * Tidies HTML pasted from Google Docs, Word or a web page before the editor parses it. The editor's schema already
 * drops styles, classes, spans and fonts (keeping bold and italic that a style expresses); this removes what would
 * otherwise leave text behind (scripts, style sheets, Word's markup) and keeps headings as headings.
 */
export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const element of document.body.querySelectorAll(
    'script, style, noscript, template, iframe, object, meta, link, title',
  )) {
    element.remove();
  }
  // Word's empty paragraph markers (<o:p>).
  for (const element of [...document.body.getElementsByTagName('*')]) {
    if (element.tagName.includes(':')) element.replaceWith(...element.childNodes);
  }
  for (const element of document.body.querySelectorAll('h1, h5, h6')) {
    const heading = document.createElement(headingLevels[element.tagName]!);
    heading.append(...element.childNodes);
    element.replaceWith(heading);
  }
  return document.body.innerHTML;
}
