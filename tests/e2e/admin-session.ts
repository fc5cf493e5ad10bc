import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { BlogPost, BlogPostInput } from '../../src/content/types.gen.ts';
import { desktop, openPage } from './page-helpers.ts';

export interface SignedInPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
  close: () => Promise<void>;
}

/** A new browser context signed in through the sign-in form (as the test admin by default), on the dashboard. */
export async function signedIn(
  browser: Browser,
  viewport = desktop,
  account: { email: string; password: string } = inject('admin'),
): Promise<SignedInPage> {
  const { page, context, errors } = await openPage(browser, viewport);
  await page.goto('/admin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return { page, context, errors, close: () => context.close() };
}

/** Chrome logs every 4xx answer to fetch; tests that provoke one on purpose ignore those lines. */
export const unexpected = (errors: string[]) => errors.filter((error) => !/status of 40[0149]/.test(error));

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** A request from inside the signed-in page, as the admin's own scripts make it: same origin, with its cookie. */
export function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

/** Creates a post through the API and returns it as stored. */
export async function createPost(page: Page, input: BlogPostInput): Promise<BlogPost> {
  const created = await callApi<BlogPost>(page, 'POST', '/api/blogs', input);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

export async function readPost(page: Page, id: string): Promise<BlogPost> {
  const read = await callApi<BlogPost>(page, 'GET', `/api/blogs/${id}`);
  expect(read.status).toBe(200);
  return read.body;
}

/** Opens a post in the editor and waits until its stored title is in the form. */
export async function openEditor(page: Page, post: BlogPost): Promise<void> {
  await page.goto(`/admin/blog/edit/${post._id}`);
  await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(post.title);
}

/** A name no other test file uses, so that tests sharing the server's database never meet. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The unsaved draft this tab keeps for a post (sessionStorage), or null. */
export function storedDraftTitle(page: Page, postId: string): Promise<string | null> {
  return page.evaluate((key) => {
    const stored = sessionStorage.getItem(key);
    return stored === null ? null : (JSON.parse(stored) as { values: { title: string } }).values.title;
  }, `northbeam.admin.post-draft:edit:${postId}`);
}
