/** /settings: profile, photo, password, phone, sessions, notifications and privacy, your data, account deletion. */
import { PageShell } from '@/components/page-shell';
import { useAuth } from '@/lib/auth/auth-store';
import { AvatarSection } from '@/features/account/components/avatar-section';
import { BlocksSection } from '@/features/messages/components/blocks-section';
import { CalendarSection } from '@/features/account/components/calendar-section';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section';
import { ExportSection } from '@/features/account/components/export-section';
import { PasswordSection } from '@/features/auth/components/password-section';
import { PhoneSection } from '@/features/account/components/phone-section';
import { PreferencesSection } from '@/features/account/components/preferences-section';
import { ProfileSection } from '@/features/account/components/profile-section';
import { SessionsSection } from '@/features/account/components/sessions-section';

const SECTIONS = [
  ['profile', 'Profile'],
  ['avatar', 'Photo'],
  ['password', 'Password'],
  ['phone', 'Phone'],
  ['sessions', 'Sessions'],
  ['preferences', 'Notifications and privacy'],
  ['export', 'Your data'],
  ['delete', 'Delete account'],
] as const;

export default function SettingsScreen() {
  const { user } = useAuth();
  return (
    <PageShell title="Settings" description="Your account, notifications, privacy and sessions.">
      <nav aria-label="Settings sections">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="inline-block rounded-full border border-gray-300 bg-white px-3 py-1.5 text-sm text-gray-700 hover:bg-gray-100">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {user ? (
        <div className="space-y-6">
          <ProfileSection user={user} />
          <AvatarSection user={user} />
          <PasswordSection user={user} />
          <PhoneSection user={user} />
          <SessionsSection />
          <PreferencesSection />
          <CalendarSection />
          <BlocksSection />
          <ExportSection />
          <DeleteAccountSection user={user} />
        </div>
      ) : null}
    </PageShell>
  );
}
