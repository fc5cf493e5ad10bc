import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/api/testing/fake-api.ts';
import type { ContentChange, ContentStatus } from '@/content/types.gen.ts';
import { chunkWait, renderAdmin, signedIn } from '../testing/render-admin.tsx';

afterEach(() => vi.unstubAllGlobals());

const change = (commit: string, message: string): ContentChange => ({
  commit: commit.repeat(40),
  author: 'Maya Editor',
  authorEmail: 'maya@northbeam.example',
  at: '2026-12-07T20:41:00.000Z',
  message,
});

const status = (fields: Partial<ContentStatus>): ContentStatus => ({
  writable: true,
  branch: 'main',
  remote: 'https://git.example.com/agency/site.git',
  head: 'b'.repeat(40),
  live: 'b'.repeat(40),
  pending: [],
  unpushed: [],
  ...fields,
});

const showPages = (body: ContentStatus) => {
  fakeApi({ ...signedIn, 'GET /api/content': { body: [] }, 'GET /api/content/status': { body } });
  renderAdmin('/admin/pages');
};

describe('the Pages screen’s word on pushing', () => {
  it('lists the changes that wait to be pushed, and why the last push failed', async () => {
    showPages(
      status({
        unpushed: [change('b', 'Edit pages/about: /description\n\nMore words.'), change('a', 'Edit services/seo')],
        pushError: {
          message: "git push failed: fatal: unable to access 'https://git.example.com/agency/site.git/': 503",
          at: '2026-12-07T20:41:30.000Z',
        },
      }),
    );
    const notice = await screen.findByText(/2 changes wait to be pushed/, {}, chunkWait);
    expect(notice).toHaveTextContent('2 changes wait to be pushed to main of https://git.example.com/agency/site.git:');
    expect(screen.getByText(/Edit pages\/about: \/description \(Maya Editor, 07 Dec 2026,/)).toBeInTheDocument();
    expect(screen.getByText('bbbbbbb')).toBeInTheDocument();
    expect(screen.getByText(/Edit services\/seo/)).toBeInTheDocument();
    expect(screen.queryByText(/More words/)).toBeNull();
    expect(screen.getByText(/The last push failed on 07 Dec 2026 at 20:41 UTC: git push failed/)).toBeInTheDocument();
  });

  it('says the remote cannot be reached when nothing waits yet', async () => {
    showPages(status({ pushError: { message: 'git push failed: 401', at: '2026-12-07T20:41:30.000Z' } }));
    expect(
      await screen.findByText(/The server cannot reach main of https:\/\/git.example.com/, {}, chunkWait),
    ).toBeInTheDocument();
  });

  it('says nothing when every change is pushed', async () => {
    showPages(status({}));
    expect(await screen.findByText('0 documents', {}, chunkWait)).toBeInTheDocument();
    expect(screen.queryByText(/wait to be pushed|cannot reach/)).toBeNull();
  });
});
