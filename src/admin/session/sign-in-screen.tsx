import { site } from '@/content/site.ts';
import { SignInForm } from './sign-in-form.tsx';
import styles from './sign-in.module.css';

/** What /admin and every page under it show until an admin signs in; the address stays the one asked for. */
export function SignInScreen() {
  return (
    <main className={styles.screen}>
      <title>{`Sign in | ${site.brand.name} admin`}</title>
      <div className={styles.card}>
        <img
          src={site.brand.logo.src}
          alt={site.brand.name}
          width={site.brand.logo.width}
          height={site.brand.logo.height}
        />
        <h1 id="sign-in-heading" className={styles.heading}>
          Sign in to the blog admin
        </h1>
        <SignInForm headingId="sign-in-heading" />
      </div>
    </main>
  );
}
