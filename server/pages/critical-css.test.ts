// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { policyForPage } from './critical-css.ts';

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
