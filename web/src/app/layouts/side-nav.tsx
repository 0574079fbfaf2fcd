/** The left column of the 3-col layout: the sections, and the member's own places. */
import { NavLink } from 'react-router';
import { ShieldIcon, TagIcon, UserIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { MessagesBadge } from '@/features/messages/components/messages-badge';
import { mainNavItems, type NavItem } from '@/components/layouts/nav-items';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-primary-100 text-primary-900' : 'text-gray-700 hover:bg-white hover:text-gray-900'
  }`;

export function SideNav({ className = '' }: { className?: string }) {
  const auth = useAuth();
  const signedIn = auth.loggedIn === true;
  const items: NavItem[] = [...mainNavItems(signedIn)];
  if (signedIn) {
    items.push({ label: 'Your profile', href: paths.profile, icon: UserIcon, end: true });
    items.push({ label: 'Interests', href: paths.interests, icon: TagIcon });
  }
  if (auth.user?.is_admin) items.push({ label: 'Admin', href: paths.admin, icon: ShieldIcon });

  return (
    <nav aria-label="Sections" className={className}>
      <ul className="sticky top-20 space-y-1">
        {items.map(({ label, href, end, icon: Icon, unreadMessages }) => (
          <li key={label}>
            <NavLink to={href} end={end} className={linkClass}>
              <Icon className="size-5 shrink-0" />
              {label}
              {unreadMessages ? <MessagesBadge /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
