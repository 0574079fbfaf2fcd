/** The first admins come from configuration (ADMIN_EMAILS, comma-separated, never public). */
export function adminEmails(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ADMIN_EMAILS ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
}

export function isConfiguredAdmin(email: string): boolean {
  return adminEmails().includes(email.toLowerCase());
}

/** What decides whether an account holds admin powers (the user item's own fields). */
export interface AdminFacts {
  role: 'user' | 'admin';
  email: string;
  emailVerified: boolean;
  suspended: boolean;
  deletedAt?: string;
}

/**
 * An account is an admin when it is live, not suspended, and either holds the admin role or has
 * proven (verified) an address named in ADMIN_EMAILS: signing up with a configured address that
 * nobody holds yet grants nothing until its owner opens the link.
 */
export function holdsAdmin(user: AdminFacts): boolean {
  if (user.suspended || user.deletedAt) return false;
  return user.role === 'admin' || (user.emailVerified && isConfiguredAdmin(user.email));
}
