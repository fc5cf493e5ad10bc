import type { ReactNode, Ref } from 'react';
import { site } from '@/content/site.ts';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  actions?: ReactNode;
  /** To move focus to the heading after something on the page went away (a deleted post). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** An admin page's h1, document title and main actions. */
export function PageHeader({ title, actions, headingRef }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <title>{`${title} | ${site.brand.name} admin`}</title>
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
