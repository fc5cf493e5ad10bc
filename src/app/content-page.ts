// One chunk for every content page; the blog's slots load beside it, only on pages that show posts.
export { ContentPage } from '@/site/content-page.tsx';
