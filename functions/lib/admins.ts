/** The first admins come from configuration (ADMIN_EMAILS, comma-separated, never public). */
export function adminEmails(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ADMIN_EMAILS ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
}

export function isConfiguredAdmin(email: string): boolean {
  return adminEmails().includes(email.toLowerCase());
}
