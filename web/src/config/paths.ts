/** Links the UI builds (route patterns themselves live in app/routes.ts). */

/** The current place, for `?redirect=` after signing in. */
export interface Place {
  pathname: string;
  search?: string;
  hash?: string;
}

export const paths = {
  home: '/',
  /** Home on its "For you" tab. */
  forYou: '/?feed=for-you',
  login: '/auth/login',
  signup: '/auth/signup',
  verify: '/auth/verify',
  register: '/auth/register',
  accountDeleted: '/auth/account-deleted',
  about: '/about',
  join: '/join',
  terms: '/docs/terms-of-use',
  privacy: '/docs/privacy-policy',
  contact: '/support/contact',
  profile: '/profile',
  notifications: '/profile/notifications',
  swaps: '/profile/swaps',
  wanted: '/profile/wanted',
  recentPlants: '/_recent-plants',
  nearbyPlants: '/nearby/plants',
  pages: '/pages',
  nearbyPages: '/pages/nearby',
  newPage: '/pages/new',
  events: '/events',
  users: '/users',
  nearbyUsers: '/users/nearby',
  messages: '/messages',
  interests: '/user/interests',
  admin: '/admin',
  settings: '/settings',
} as const;

/** /auth/login?redirect=<where the user was>. */
export function loginHref(from?: Place): string {
  if (!from) return paths.login;
  const back = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return back && back !== '/' ? `${paths.login}?redirect=${encodeURIComponent(back)}` : paths.login;
}

export const handleHref = (handle: string) => `/${encodeURIComponent(handle)}`;
export const plantHref = (plantId: string) => `/plant/${encodeURIComponent(plantId)}`;
export const eventHref = (randomId: string) => `/event/${encodeURIComponent(randomId)}`;
export const eventEditHref = (randomId: string) => `${eventHref(randomId)}/edit`;
export const postHref = (randomId: string) => `/post/${encodeURIComponent(randomId)}`;
export const tagHref = (name: string) => `/tag/${encodeURIComponent(name)}`;
export const pageEditHref = (handle: string) => `/${encodeURIComponent(handle)}/edit`;
/** A member's or a page's swap record (and, for a page's staff, its requests). */
export const swapsHref = (handle: string) => `/${encodeURIComponent(handle)}/swaps`;
