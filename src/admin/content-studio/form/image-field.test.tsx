import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import seo from '../../../../content/services/seo.json';
import { documentProblems } from '../document-problems.ts';
import { documentSchema } from '../document-schemas.ts';
import { ContentForm } from './content-form.tsx';
import type { PickableImage } from './library-images.ts';

type Document = Record<string, unknown>;
type Hero = { image: { src?: string; alt?: string; width?: number; height?: number } };

const images = [
  { src: '/images/services/seo.svg', width: 480, height: 320 },
  { src: '/images/services/branding.svg', width: 480, height: 320 },
  { src: '/images/home/hero.svg', width: 640, height: 520 },
];
const library: PickableImage[] = [
  {
    src: '/images/library/0123456789abcdef0123.webp',
    width: 1600,
    height: 900,
    thumbnail: '/media/0123456789abcdef0123-480.webp',
    name: 'team-offsite.webp',
    alt: 'The team around a table at the offsite',
    group: 'library',
  },
];

function Harness({ initial, onDocument }: { initial: Document; onDocument: (document: Document) => void }) {
  const [document, setDocument] = useState(initial);
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <ContentForm
        schema={documentSchema('page.schema.json')!}
        document={document}
        onChange={(next) => {
          setDocument(next);
          onDocument(next);
        }}
        context={{ routes: ['/', '/contact', '/seo'], postRoutes: [], images, library }}
        problems={documentProblems('page.schema.json', document)}
        readOnly={false}
      />
    </QueryClientProvider>
  );
}

function renderSeo(change?: (hero: Hero) => void) {
  const initial = structuredClone(seo) as Document;
  change?.((initial.sections as Hero[])[0]!);
  const state = { last: initial };
  render(<Harness initial={initial} onDocument={(document) => (state.last = document)} />);
  const hero = () => (state.last.sections as Hero[])[0]!.image;
  const heroField = screen.getAllByRole('group', { name: /^Image/ })[0]!;
  return { hero, heroField };
}

const openPicker = (field: HTMLElement) => {
  fireEvent.click(within(field).getByRole('button', { name: /^Change image/ }));
  return within(field).getByRole('combobox', { name: 'Search images' });
};

afterEach(() => vi.restoreAllMocks());

describe('the image picker', () => {
  it('offers the site’s images and the media library’s with thumbnails, the current one selected', () => {
    const { heroField } = renderSeo();
    const search = openPicker(heroField);
    expect(search).toHaveFocus();
    const list = within(heroField).getByRole('listbox', { name: 'Images' });
    const groups = within(list).getAllByRole('group');
    expect(groups.map((group) => group.textContent?.split(/\s/)[0])).toEqual(['Site', 'Media']);
    expect(within(groups[0]!).getAllByRole('option')).toHaveLength(3);
    const fromLibrary = within(groups[1]!).getByRole('option');
    expect(fromLibrary).toHaveTextContent('team-offsite.webp1600 × 900');
    expect(fromLibrary.querySelector('img')).toHaveAttribute('src', '/media/0123456789abcdef0123-480.webp');
    expect(within(list).getByRole('option', { selected: true })).toHaveTextContent('services/seo.svg');
    expect(search).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { selected: true }).id);
  });

  it('chooses by keyboard: search narrows, arrows move, Enter takes the image with its size', () => {
    const { hero, heroField } = renderSeo();
    const search = openPicker(heroField);
    fireEvent.change(search, { target: { value: 'svg' } });
    expect(within(heroField).getByRole('status')).toHaveTextContent('3 images');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowUp' });
    const active = document.getElementById(search.getAttribute('aria-activedescendant')!);
    expect(active).toHaveTextContent('services/branding.svg');
    fireEvent.keyDown(search, { key: 'Enter' });
    // The old alt text described the old image: it goes, and the field asks for the new one's.
    expect(hero()).toEqual({ src: '/images/services/branding.svg', width: 480, height: 320 });
    expect(within(heroField).queryByRole('listbox')).toBeNull();
    expect(within(heroField).getByRole('button', { name: /^Change image/ })).toHaveFocus();
    expect(within(heroField).getByLabelText('Alt text (required)')).toHaveValue('');
    expect(within(heroField).getByText('Describe what the image shows: every image needs alt text.')).toBeVisible();
    // Going back to the first image brings back what was written for it.
    const again = openPicker(heroField);
    fireEvent.change(again, { target: { value: 'services/seo' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(hero()).toEqual(seo.sections[0]!.image);
  });

  it('says when no image matches the search, and Escape closes without a change', () => {
    const { hero, heroField } = renderSeo();
    const search = openPicker(heroField);
    fireEvent.change(search, { target: { value: 'no such picture' } });
    expect(within(heroField).getByRole('status')).toHaveTextContent('No image matches “no such picture”.');
    expect(within(heroField).queryAllByRole('option')).toHaveLength(0);
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(within(heroField).queryByRole('listbox')).toBeNull();
    expect(hero()).toEqual(seo.sections[0]!.image);
  });

  it('names a library image as the save copies it, and takes its alt text when the field has none', () => {
    const { hero, heroField } = renderSeo((section) => delete section.image.alt);
    const search = openPicker(heroField);
    fireEvent.change(search, { target: { value: 'offsite' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(hero()).toEqual({
      src: '/images/library/0123456789abcdef0123.webp',
      alt: 'The team around a table at the offsite',
      width: 1600,
      height: 900,
    });
    expect(heroField.querySelector('img')).toHaveAttribute('src', '/media/0123456789abcdef0123.webp');
  });

  it('uploads a new image into the media library with its alt text and chooses it; a refusal is said in words', async () => {
    const { hero, heroField } = renderSeo();
    openPicker(heroField);
    const upload = within(heroField).getByRole('group', { name: 'Or upload a new image to the media library' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'launch.png', { type: 'image/png' });
    fireEvent.change(within(upload).getByLabelText('Image file'), { target: { files: [file] } });
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload and use this image' }));
    expect(within(upload).getByRole('alert')).toHaveTextContent('Describe what the image shows');
    fireEvent.change(within(upload).getByLabelText(/^Alt text/), { target: { value: 'The launch party' } });

    const answers = [
      new Response(JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: 'Too large' }), {
        status: 413,
      }),
      new Response(JSON.stringify({ statusCode: 415, error: 'Unsupported Media Type', message: 'No' }), {
        status: 415,
      }),
    ];
    const sent = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      const answer = answers.shift();
      if (!answer) throw new TypeError('Failed to fetch');
      return answer;
    });
    const send = () => fireEvent.click(within(upload).getByRole('button', { name: 'Upload and use this image' }));
    send();
    expect(await within(upload).findByText(/larger than the media library accepts/)).toBeVisible();
    send();
    expect(await within(upload).findByText(/Upload a JPEG, PNG, WebP, AVIF or GIF image/)).toBeVisible();
    send();
    expect(await within(upload).findByText(/Could not reach the server, so nothing was uploaded/)).toBeVisible();
    const body = sent.mock.calls[0]![1]!.body as FormData;
    expect(body.get('alt')).toBe('The launch party');
    expect(within(upload).getByLabelText(/^Alt text/)).toHaveValue('The launch party');

    sent.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          _id: 'm1',
          url: '/media/abcdef0123456789abcd.png',
          fileName: 'launch.png',
          mimeType: 'image/png',
          bytes: 4,
          width: 1200,
          height: 800,
          alt: 'The launch party',
          sha256: 'a'.repeat(64),
          variants: [],
          socialImage: null,
          createdAt: '2026-12-07T20:00:00.000Z',
          createdBy: 'Maya',
          createdById: 'u1',
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      ),
    );
    send();
    await vi.waitFor(() =>
      expect(hero()).toEqual({
        src: '/images/library/abcdef0123456789abcd.png',
        alt: 'The launch party',
        width: 1200,
        height: 800,
      }),
    );
  });

  it('requires alt text beside the image, in words', () => {
    const { hero, heroField } = renderSeo();
    const alt = within(heroField).getByLabelText('Alt text (required)');
    fireEvent.change(alt, { target: { value: '' } });
    expect(hero().alt).toBeUndefined();
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt.closest('[data-pointer="/sections/0/image/alt"]')).toHaveTextContent(
      'Describe what the image shows: every image needs alt text.',
    );
    expect(alt).toHaveAccessibleDescription(/every image needs alt text/);
  });

  it('names an image file that does not exist beside its field until another is chosen', () => {
    const { heroField } = renderSeo((section) => (section.image.src = '/images/services/gone.svg'));
    const srcField = heroField.querySelector('[data-pointer="/sections/0/image/src"]')!;
    expect(srcField).toHaveTextContent('The file /images/services/gone.svg does not exist: choose another image.');
    expect(within(heroField).getByRole('button', { name: /^Change image/ })).toHaveAccessibleDescription(
      /does not exist/,
    );
    const search = openPicker(heroField);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(srcField).not.toHaveTextContent('does not exist');
  });
});
