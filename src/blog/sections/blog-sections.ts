import type { SectionComponents } from '@/sections/section-renderer.tsx';
import { PostListSlot } from './post-list-slot.tsx';
import { RecentArticlesSlot } from './recent-articles-slot.tsx';

/** The section slots the blog fills with posts from the API. */
export const blogSections: Partial<SectionComponents> = {
  'recent-articles': RecentArticlesSlot,
  'post-list': PostListSlot,
};
