import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink } from '@/ui/site-router/link.tsx';
import { useLocation } from '@/ui/site-router/hooks.ts';
import { site } from '@/content/site.ts';
import { Icon } from '@/ui/icons.tsx';
import { siteSectionsId } from '@/site/footer/footer.tsx';
import { currentSection } from './current-section.ts';
import { earlyMenuIsOpen, takeOverEarlyMenu } from './early-menu.ts';
import styles from './header.module.css';

/** The site header: logo, main navigation, brochure download and, on small screens, a menu button. */
export function Header() {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: navigating closes it.
  // A menu opened before the app started stays open: the app takes it over as the visitor left it.
  const [openOn, setOpenOn] = useState<string | null>(() => (earlyMenuIsOpen() ? pathname : null));
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // A link closes the menu as it is followed, not when the next page has come: that may take a chunk's download.
  const closeMenu = () => setOpenOn(null);

  // As the header commits, before the browser handles another tap: from here on its button answers, as the
  // visitor left the menu (hydration yields, so a tap may have come after the first render read it).
  useLayoutEffect(() => {
    const openedEarly = takeOverEarlyMenu();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the menu's state lived outside React until now
    setOpenOn((current) => (openedEarly ? (current ?? window.location.pathname) : null));
  }, []);

  // While the menu covers the page, the page behind it must not scroll; Escape closes it, and the keyboard goes on
  // from the button that opened it rather than from the start of the page.
  useEffect(() => {
    if (!open) return;
    document.body.classList.add('scroll-locked');
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('scroll-locked');
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const { brand, navigation, brochure } = site;
  const section = currentSection(pathname);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.logo}>
          {/* Low: a small mark that is never the page's largest paint leaves the network to the one that is. */}
          <img
            src={brand.logo.src}
            alt={`${brand.name} home`}
            width={brand.logo.width}
            height={brand.logo.height}
            fetchPriority="low"
          />
        </Link>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={menuId}
          data-menu-button
          onClick={() => setOpen(!open)}
        >
          <span className={styles.burger} data-open={open} aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        {/* Without scripts the button cannot open the menu: a link to the footer's list of every section stands in. */}
        <a href={`#${siteSectionsId}`} className={`${styles.menuButton} ${styles.menuLink}`}>
          <span className={styles.burger} aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </a>
        <nav id={menuId} className={styles.nav} data-open={open} aria-label="Main">
          <ul className={styles.links}>
            {navigation.map((item) => (
              <li key={item.route}>
                {item.route === section ? (
                  // The page is inside this link's section, not the link's page itself.
                  <Link to={item.route} aria-current="true" className={styles.link} onClick={closeMenu}>
                    {item.label}
                  </Link>
                ) : (
                  <NavLink to={item.route} end={item.route === '/'} className={styles.link} onClick={closeMenu}>
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
          <a className={`button ${styles.brochure}`} href={brochure.href} download={brochure.fileName}>
            <Icon name="download" size={18} />
            {brochure.label}
            <span className="visually-hidden"> (PDF)</span>
          </a>
        </nav>
      </div>
    </header>
  );
}
