// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { temporaryDirectory } from '../test-support/test-app.ts';
import { criticalCss, policyForPage } from './critical-css.ts';

const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

describe('policyForPage', () => {
  it('allows each inline style of the page by its hash, and nothing else inline', () => {
    const html = '<head><style>body{margin:0}</style><style media="print">p{color:red}</style></head><body></body>';
    const policy = policyForPage(html);
    expect(policy).toContain(`style-src 'self' ${hashOf('body{margin:0}')} ${hashOf('p{color:red}')};`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy.replace(/style-src [^;]+/, '')).toBe(contentSecurityPolicy.replace(/style-src [^;]+/, ''));
  });

  it('keeps the site’s policy for a page without inline styles', () => {
    expect(policyForPage('<head><link rel="stylesheet" href="/a.css"></head>')).toBe(contentSecurityPolicy);
  });
});

/** A build's client folder with one stylesheet: rules a page uses and rules it does not. */
let root: string;
let clientDir: string;
const sheet = '/assets/site-Ab12Cd34.css';
/** As Vite writes it, minified. */
const stylesheet = [
  ':root{--ink:#111}',
  'body{margin:0}',
  '.used{color:red}',
  '.unused{color:blue}',
  'nav a{text-decoration:none}',
  'aside a{color:green}',
  '.card:hover{outline:1px solid}',
  '.ghost:hover{outline:2px solid}',
  '@media (min-width:600px){.used{padding:1rem}.unused{padding:2rem}}',
  '@media print{.unused{display:none}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '@keyframes fade{to{opacity:0}}',
  '.spinner{animation:spin 1s}',
  '.fader{animation:fade 1s}',
].join('');

/** A page as `fillTemplate` writes it: React's void elements end in `/>`, its text keeps its entities. */
const page = (root: string, head = `<link rel="stylesheet" href="${sheet}">`) =>
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  `${head}<title>A page</title><meta name="description" content="The team&#x27;s words"/></head>` +
  `<body><div id="root">${root}</div><script type="application/json" id="app-state">{}</script>` +
  '<script type="module" crossorigin fetchpriority="low" src="/assets/index-a1.js"></script></body></html>';
const markup = '<nav><a href="/" class="used card" fetchPriority="low">Home</a></nav><span class="spinner"></span>';

const inlineStyle = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
  expect(styles).toHaveLength(1);
  return styles[0]!;
};

beforeAll(() => {
  root = temporaryDirectory('critical-css-');
  clientDir = join(root, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, sheet), stylesheet);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('criticalCss', () => {
  it('inlines the rules the page’s markup uses, and no other, in one style its policy names by hash', () => {
    const html = criticalCss(clientDir)(page(markup));
    const css = inlineStyle(html);
    for (const rule of [
      ':root{--ink:#111}',
      'body{margin:0}',
      '.used{color:red}',
      'nav a{text-decoration:none}',
      '.card:hover{outline:1px solid}',
      '@media (min-width:600px){.used{padding:1rem}}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
      '.spinner{animation:spin 1s}',
    ]) {
      expect(css).toContain(rule);
    }
    for (const unused of ['.unused', 'aside a', '.ghost', 'fade', '@media print']) expect(css).not.toContain(unused);
    expect(policyForPage(html)).toContain(`style-src 'self' ${hashOf(css)};`);
  });

  it('preloads the stylesheet in the head and links it after the content, with no handler for the CSP to refuse', () => {
    const html = criticalCss(clientDir)(page(markup));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="preload" href="${sheet}" as="style">`);
    expect(head).not.toContain('rel="stylesheet"');
    expect(html.indexOf(`<link rel="stylesheet" href="${sheet}">`)).toBeGreaterThan(html.indexOf('</div><script'));
    expect(html).not.toMatch(/\sonload=/);
  });

  it('leaves the page’s markup as it was written: React’s void elements, entities and attribute names', () => {
    const written = page(markup);
    const html = criticalCss(clientDir)(written);
    expect(html).toContain('<meta name="description" content="The team&#x27;s words"/>');
    expect(html).toContain(`<div id="root">${markup}</div>`);
    const undone = html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(`<link rel="preload" href="${sheet}" as="style">`, `<link rel="stylesheet" href="${sheet}">`)
      .replace(`<link rel="stylesheet" href="${sheet}"></body>`, '</body>');
    expect(undone).toBe(written);
  });

  it('reads each stylesheet of the build once: later pages are matched against the rules read then', () => {
    const inline = criticalCss(clientDir);
    expect(inlineStyle(inline(page(markup)))).not.toContain('.unused');
    rmSync(join(clientDir, sheet));
    try {
      expect(inlineStyle(inline(page('<p class="unused">Other words</p>')))).toContain('.unused{color:blue}');
    } finally {
      writeFileSync(join(clientDir, sheet), stylesheet);
    }
  });

  it('inlines nothing from a stylesheet outside the build, and leaves its link as it is', () => {
    writeFileSync(join(root, 'outside.css'), '.used { color: purple }');
    for (const href of ['/../outside.css', '//cdn.example/outside.css', '/assets/missing.css']) {
      const head = `<link rel="stylesheet" href="${href}">`;
      const html = criticalCss(clientDir)(page(markup, head));
      expect(html, href).not.toContain('<style>');
      expect(html, href).toContain(head);
    }
  });
});
