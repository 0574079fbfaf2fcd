/** The site's sections, shown in the top bar and the left column. */
import type { ComponentType } from 'react';
import { CalendarIcon, HomeIcon, MessageIcon, PagesIcon, PeopleIcon, PlantIcon } from '@/components/icons';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<{ className?: string }>;
  /** Highlight for the exact path only. */
  end?: boolean;
  /** Shows the unread-messages badge. */
  unreadMessages?: boolean;
}

/** Plants: the nearby listings for members, the most recent ones for guests. */
export function mainNavItems(signedIn: boolean): NavItem[] {
  return [
    { label: 'Home', href: paths.home, icon: HomeIcon, end: true },
    { label: 'Plants', href: signedIn ? paths.nearbyPlants : paths.recentPlants, icon: PlantIcon },
    { label: 'Pages', href: paths.pages, icon: PagesIcon },
    { label: 'Events', href: paths.events, icon: CalendarIcon },
    { label: 'People', href: paths.users, icon: PeopleIcon },
    { label: 'Messages', href: paths.messages, icon: MessageIcon, unreadMessages: signedIn },
  ];
}
