/** Who is asking: the viewer every read and write judges, built from the session alone. */
import { adminNow } from './live';
import type { Session } from './token';

export interface Viewer {
  userId: string | null;
  admin: boolean;
  /** A member reads members-only posts: signed in, registration complete, not suspended. */
  member: boolean;
  suspended: boolean;
}

/** The viewer; a token's admin role counts only while the account holds it now (`adminNow`). */
export async function viewerOf(session: Session | null): Promise<Viewer> {
  return {
    userId: session?.userId ?? null,
    admin: await adminNow(session),
    member: !!session && session.registered && !session.suspended,
    suspended: session?.suspended ?? false,
  };
}
