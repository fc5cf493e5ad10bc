// One chunk for every content page: the page component and the blog slots that fill its sections.
export { ContentPage } from '@/site/content-page.tsx';
export { blogSections } from '@/blog/sections/blog-sections.ts';
