import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  ContentDocumentVersion,
  ContentImage,
  ContentProblem,
  ContentSaved,
  PageDocument,
} from '../../src/content/types.gen.ts';
import type { ContentRepository } from '../test-support/content-repository.ts';
import { testImage, uploadImage } from '../test-support/media.ts';
import { addMember } from '../test-support/team.ts';
import { startStudioApp, type StudioApp } from '../test-support/studio-app.ts';
import { asAdmin, type TestApp } from '../test-support/test-app.ts';

let repository: ContentRepository;
let testApp: TestApp;
let owner: string;
let editor: StudioApp['editor'];

const url = (id: string) => `/api/content/${encodeURIComponent(id)}`;
const read = async (id: string) =>
  (await testApp.app.inject(asAdmin(owner, { method: 'GET', url: url(id) }))).json<ContentDocumentVersion>();
const put = (id: string, document: object, version: string) =>
  testApp.app.inject(
    asAdmin(editor.cookie, { method: 'PUT', url: url(id), payload: { document }, headers: { 'if-match': version } }),
  );

/** The /seo page with its hero's image changed as `change` says. */
async function seoWithHeroImage(change: (image: Record<string, unknown>) => Record<string, unknown>) {
  const { document, version } = await read('services/seo');
  const page = structuredClone(document) as unknown as PageDocument;
  const hero = page.sections[0] as unknown as { image: Record<string, unknown> };
  hero.image = change(hero.image);
  return { page, version };
}

let studio: StudioApp;
beforeAll(async () => {
  studio = await startStudioApp();
  ({ repository, testApp, owner, editor } = studio);
});
afterAll(() => studio.close());

describe('images in the content studio', () => {
  it('lists the site’s images with their sizes for the picker, to editors and not to contributors', async () => {
    const response = await testApp.app.inject(asAdmin(editor.cookie, { method: 'GET', url: '/api/content/images' }));
    expect(response.statusCode).toBe(200);
    const images = response.json<ContentImage[]>();
    expect(images).toContainEqual({ src: '/images/services/seo.svg', width: 480, height: 320 });
    expect(images.every(({ src }) => src.startsWith('/images/'))).toBe(true);
    const contributor = await addMember(testApp.app, owner, 'contributor', 'Cody Contributor');
    const refused = await testApp.app.inject(
      asAdmin(contributor.cookie, { method: 'GET', url: '/api/content/images' }),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('copies a media-library image into public/images/library and commits it with the document, by the member', async () => {
    const bytes = await testImage(320, 200, 'webp', 3);
    const media = await uploadImage(testApp.app, owner, bytes, 'team-photo.webp', 'The team at work');
    const file = media.url.replace('/media/', '');
    const src = `/images/library/${file}`;
    const { page, version } = await seoWithHeroImage(() => ({
      src,
      alt: 'The team at work',
      width: media.width,
      height: media.height,
    }));
    const response = await put('services/seo', page, version);
    expect(response.statusCode).toBe(200);
    const { commit } = response.json<ContentSaved>();
    expect(repository.git('show', '--name-only', '--format=%an', commit!).split('\n')).toEqual([
      'Maya Editor',
      '',
      'content/services/seo.json',
      `public/images/library/${file}`,
    ]);
    const stored = readFileSync(join(repository.dir, 'public', 'images', 'library', file));
    const served = await testApp.app.inject({ method: 'GET', url: media.url });
    expect(stored.equals(served.rawPayload)).toBe(true);
    expect(repository.git('status', '--porcelain')).toBe('');
  });

  it('refuses an image that does not exist, naming the document and the field, and writes nothing', async () => {
    const commits = repository.git('rev-list', '--count', 'HEAD');
    for (const src of ['/images/services/no-such-picture.svg', '/images/library/0123456789abcdef0123.webp']) {
      const { page, version } = await seoWithHeroImage((image) => ({ ...image, src }));
      const response = await put('services/seo', page, version);
      expect(response.statusCode).toBe(400);
      const body = response.json<ApiError & { problems: (ContentProblem & { id: string })[] }>();
      expect(body.problems).toEqual([
        {
          id: 'services/seo',
          path: '/sections/0/image/src',
          message: `refers to "${src}", which is not in public/: choose an image that exists`,
        },
      ]);
      expect(body.details).toEqual([{ path: '/sections/0/image/src', message: body.problems[0]!.message }]);
    }
    expect(existsSync(join(repository.dir, 'public', 'images', 'library', '0123456789abcdef0123.webp'))).toBe(false);
    expect(repository.git('rev-list', '--count', 'HEAD')).toBe(commits);
    expect(repository.git('status', '--porcelain')).toBe('');
  });

  it('refuses an image without alt text beside its field', async () => {
    const { page, version } = await seoWithHeroImage((image) => ({ ...image, alt: '' }));
    const response = await put('services/seo', page, version);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().details).toEqual([
      { path: '/sections/0/image/alt', message: 'must NOT have fewer than 1 characters' },
    ]);
    expect(repository.git('status', '--porcelain')).toBe('');
  });
});
