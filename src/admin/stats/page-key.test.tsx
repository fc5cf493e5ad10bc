import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageKey } from './page-key.tsx';

const noPosts = new Map();

describe('a page of the Stats page', () => {
  it('links to a path of this site', () => {
    render(<PageKey path="/seo" posts={noPosts} />);
    expect(screen.getByRole('link', { name: /\/seo/ })).toHaveAttribute('href', '/seo');
  });

  it.each([
    ['//evil.example/offer', '//evil.example/offer'],
    ['/\\evil.example/offer', '/\\evil.example/offer'],
    ['(other)', 'Other pages'],
  ])('never links %s, which is no page of this site', (path, text) => {
    const { container } = render(<PageKey path={path} posts={noPosts} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toHaveTextContent(text);
  });
});
