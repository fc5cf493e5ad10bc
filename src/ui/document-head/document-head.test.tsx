import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentHead } from './document-head.tsx';

function Page({ name, noindex }: { name: string; noindex?: boolean }) {
  return (
    <main>
      <DocumentHead>
        <title>{`${name} | Northbeam`}</title>
        <meta name="description" content={`About ${name}.`} />
        {noindex && <meta name="robots" content="noindex" />}
      </DocumentHead>
      <h1>{name}</h1>
    </main>
  );
}

describe('DocumentHead in the browser', () => {
  it('writes its elements into the head, not the page, and follows the page as it changes', () => {
    const { container, rerender, unmount } = render(<Page name="Services" noindex />);
    expect(container.querySelector('title, meta')).toBeNull();
    expect(document.title).toBe('Services | Northbeam');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    rerender(<Page name="About" />);
    expect(document.title).toBe('About | Northbeam');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'About About.');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();

    unmount();
    expect(document.head.querySelector('title, meta[name="description"]')).toBeNull();
  });

  it('lets a later component add to the head beside an earlier one', () => {
    const { unmount } = render(
      <>
        <DocumentHead>
          <meta name="robots" content="noindex, nofollow" />
        </DocumentHead>
        <DocumentHead>
          <title>Posts | Northbeam admin</title>
        </DocumentHead>
      </>,
    );
    expect(document.title).toBe('Posts | Northbeam admin');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    unmount();
  });
});
