/** Small helpers about ids and the viewer. */
import type { AuthState } from '@/lib/auth/types';
import { readStorage, STORAGE_KEYS } from '@/lib/storage-keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Post, plant and comment ids are UUIDs: anything else is not worth asking the server about. */
export const isUuid = (value: string) => UUID.test(value);

/** Whose view a cached answer is: the signed-in user, or guests. */
export const viewerOf = (auth: Pick<AuthState, 'loggedIn' | 'user'>) => (auth.loggedIn === true && auth.user ? auth.user.uuid : 'guest');

/**
 * Whether reads for `viewerOf(auth)` may start. After the session check has answered, always. Before
 * it, only in a browser that has had no session here: that is a guest's, so the guest's screen reads
 * at once instead of waiting a round trip for the check (should the check find a session after all,
 * the member's view loads when it answers, under its own cache key). A browser that has had a session
 * waits, so a member never sees the guest's view first.
 */
export const viewerReady = (auth: Pick<AuthState, 'loggedIn'>) => auth.loggedIn !== undefined || !readStorage(STORAGE_KEYS.sessionHint);
