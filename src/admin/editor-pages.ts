/** The editor chunk (with the Markdown renderer, DOMPurify and the schema's validator), loaded on its routes only. */
export { EditPostPage } from './post-editor/edit-post-page.tsx';
export { NewPostPage } from './post-editor/new-post-page.tsx';
