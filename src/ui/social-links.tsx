import { site } from '@/content/site.ts';
import { Icon } from './icons.tsx';
import styles from './social-links.module.css';

/** The agency's social profiles as labelled icon links. */
export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`${styles.list} ${className}`}>
      {site.social.map((profile) => (
        <li key={profile.network}>
          <a href={profile.url} aria-label={profile.label} rel="noopener me" target="_blank" className={styles.link}>
            <Icon name={profile.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
