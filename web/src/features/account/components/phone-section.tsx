/** Phone verification status, and the way to /auth/sms. */
import { Link } from 'react-router';
import { buttonClass } from '@/components/form/feedback';
import { CheckIcon } from '@/components/icons';
import type { Profile } from '@/lib/auth/types';
import { SettingsSection } from '@/components/layouts/settings-section';

export function PhoneSection({ user }: { user: Profile }) {
  return (
    <SettingsSection id="phone" title="Phone" description="A verified phone tells others you are a real person; we never show the number.">
      {user.phone_verified ? (
        <p className="flex items-center gap-2 text-sm font-medium text-primary-800">
          <CheckIcon className="size-5" /> Your phone is verified.
        </p>
      ) : (
        <p className="text-sm text-gray-700">Your phone is not verified yet.</p>
      )}
      <Link to="/auth/sms" className={buttonClass('secondary')}>
        {user.phone_verified ? 'Verify another number' : 'Verify your phone'}
      </Link>
    </SettingsSection>
  );
}
