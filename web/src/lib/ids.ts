/** Small helpers about ids and the viewer. */
import type { AuthState } from '@/lib/auth/types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Post, plant and comment ids are UUIDs: anything else is not worth asking the server about. */
export const isUuid = (value: string) => UUID.test(value);

/** Whose view a cached answer is: the signed-in user, or guests. */
export const viewerOf = (auth: Pick<AuthState, 'loggedIn' | 'user'>) => (auth.loggedIn === true && auth.user ? auth.user.uuid : 'guest');
