/**
 * The banner of every page: the site's name, the main navigation (a menu button on phones),
 * and sign-in/sign-up links for guests or the member's notifications, profile and logout.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, LeafIcon, MenuIcon } from '@/components/icons';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { useLogout } from '@/lib/auth/use-logout';
import { MessagesBadge, useUnreadMessages } from '@/features/messages/components/messages-badge';
import { formatNumber } from '@shared/format';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSite } from '@/lib/site';
import { DEFAULT_SITE } from '@shared/site';
import { mainNavItems } from '@/components/layouts/nav-items';

// The search box's suggestions load on its first focus: the entry chunk carries only this input.
const SearchBox = lazy(() => import('@/features/search/components/search-box'));
const searchInputClass = 'h-9 w-full rounded-md border border-gray-300 bg-white px-3 text-sm placeholder:text-gray-500';

function TopSearch() {
  const [value, setValue] = useState<string | null>(null);
  if (value !== null) {
    return (
      // While the chunk loads the box still takes what is typed (autofocused: the focus stays here);
      // the loaded box starts from it.
      <Suspense
        fallback={<input type="search" aria-label="Search members, pages, plants, posts and events" placeholder="Search" className={searchInputClass} value={value} onChange={(e) => setValue(e.target.value)} autoFocus />}
      >
        <SearchBox initial={value} autoFocus />
      </Suspense>
    );
  }
  return <input type="search" aria-label="Search members, pages, plants, posts and events" placeholder="Search" className={searchInputClass} onFocus={(e) => setValue(e.currentTarget.value)} />;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-primary-50 text-primary-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'
  }`;

export function TopBar() {
  const { data: site } = useSite();
  const auth = useAuth();
  const logOut = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = auth.loggedIn === true;
  const items = mainNavItems(signedIn);
  const unreadMessages = useUnreadMessages();

  // Close the phone menu once a link took the user somewhere.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const onAuthPage = location.pathname.startsWith('/auth/');
  const login = onAuthPage ? paths.login : loginHref(location);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to={paths.home} className="flex shrink-0 items-center gap-2 rounded-md text-base font-bold text-primary-800 sm:text-lg">
          <span className="grid size-8 place-items-center rounded-lg bg-primary-700 text-white sm:size-9">
            <LeafIcon className="size-5" />
          </span>
          <span className="max-[359px]:sr-only">{site?.name || DEFAULT_SITE.name}</span>
        </Link>

        <nav aria-label="Main" className="ml-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.label}>
                <NavLink to={item.href} end={item.end} className={navLinkClass}>
                  {item.label}
                  {item.unreadMessages ? <MessagesBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {signedIn ? (
          <div className="ml-auto hidden w-44 sm:block md:w-64">
            <TopSearch />
          </div>
        ) : null}

        <div className={`${signedIn ? 'sm:ml-0' : ''} ml-auto flex items-center gap-1 sm:gap-2`}>
          {auth.loggedIn === false ? (
            <>
              <Link
                to={login}
                className="rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap text-primary-800 hover:bg-primary-50 sm:px-3"
              >
                Sign in
              </Link>
              <Link
                to={paths.signup}
                className="rounded-md bg-primary-700 px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-primary-800 sm:px-3"
              >
                Sign up
              </Link>
            </>
          ) : null}
          {signedIn ? (
            <>
              <NotificationBell />
              <Link
                to={paths.profile}
                className="hidden rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 sm:block"
              >
                {auth.user?.username ?? 'Your profile'}
              </Link>
              <button
                type="button"
                onClick={() => void logOut()}
                className="rounded-md border border-gray-300 px-2.5 py-2 text-sm font-medium whitespace-nowrap text-gray-700 hover:bg-gray-100 sm:px-3"
              >
                Log out
              </button>
            </>
          ) : null}
          <button
            type="button"
            className="relative rounded-md p-2 text-gray-700 hover:bg-gray-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="phone-menu"
            aria-label={`${menuOpen ? 'Close menu' : 'Open menu'}${unreadMessages > 0 ? `, ${formatNumber(unreadMessages)} unread messages` : ''}`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
            {unreadMessages > 0 && !menuOpen ? <span className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-primary-700 ring-2 ring-white" aria-hidden="true" /> : null}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav id="phone-menu" aria-label="Main menu" className="border-t border-gray-200 bg-white px-4 py-3 lg:hidden">
          <ul className="grid gap-1">
            {items.map(({ label, href, end, icon: Icon, unreadMessages }) => (
              <li key={label}>
                <NavLink to={href} end={end} className={navLinkClass}>
                  <Icon className="size-5" />
                  {label}
                  {unreadMessages ? <MessagesBadge /> : null}
                </NavLink>
              </li>
            ))}
            {signedIn ? (
              <li>
                <NavLink to="/search" className={navLinkClass}>
                  Search
                </NavLink>
              </li>
            ) : null}
            {signedIn ? (
              <li>
                <NavLink to={paths.profile} className={navLinkClass}>
                  Your profile
                </NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
