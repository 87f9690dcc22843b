import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { useStartup } from '../../api/use-startup';
import { MenuIcon, SearchIcon, SettingsIcon, UserIcon } from '../../components/icons';
import { avatarImage } from '../../lib/avatar';
import { useSessionStore, useUserToken } from '../../state/session-store';
import { useScrolled } from './use-scrolled';
import styles from './top-bar.module.css';

/** The burger menu's code comes with its first opening (it is not needed for the first screen). */
const BurgerMenu = lazy(() => import('./burger-menu').then((m) => ({ default: m.BurgerMenu })));

/**
 * The top bar (spec part 2 §2): burger, logo link to /, settings, search and profile icons.
 * Its gradient turns solid once the page is scrolled. The burger button toggles the burger menu.
 */
export function TopBar() {
  const { t } = useTranslation();
  const { config } = useStartup();
  // The signed-in profile's picture in place of the account icon (spec part 2 §2).
  const token = useUserToken();
  const avatar = useSessionStore((state) => state.avatar);
  const profileImage = token ? avatarImage(avatar, config.avatars) : undefined;
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  return (
    <header className={`${styles.topBar} ${scrolled ? styles.solid : ''}`}>
      <div className={styles.start}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('HEADER.MENU')}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          ref={menuButton}
          onClick={() => {
            setMenuUsed(true);
            setMenuOpen((open) => !open);
          }}
        >
          <MenuIcon />
        </button>
        {menuUsed ? (
          <Suspense fallback={null}>
            <BurgerMenu id={menuId} open={menuOpen} onClose={closeMenu} buttonRef={menuButton} />
          </Suspense>
        ) : null}
        <Link to="/" className={styles.logo}>
          <img
            src={config.design.theme.standard.logo}
            alt={t('GENERAL.APP_NAME')}
            className={styles.logoImage}
          />{' '}
          <span className="visually-hidden">{t('HEADER.HOME')}</span>
        </Link>
      </div>
      <div className={styles.end}>
        <Link to="/settings" className={styles.iconButton} aria-label={t('HEADER.SETTINGS')}>
          <SettingsIcon />
        </Link>
        <Link to="/search" className={styles.iconButton} aria-label={t('HEADER.SEARCH')}>
          <SearchIcon />
        </Link>
        <Link to="/login" className={styles.iconButton} aria-label={t('HEADER.ACCOUNT')}>
          {profileImage ? (
            <img className={styles.avatar} src={profileImage} alt="" width={32} height={32} />
          ) : (
            <UserIcon />
          )}
        </Link>
      </div>
    </header>
  );
}
