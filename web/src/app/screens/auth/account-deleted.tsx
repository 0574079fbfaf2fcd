/** /auth/account-deleted: where deleting one's account ends. It says it is done, and leads home. */
import { Link } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { buttonClass } from '@/components/form/feedback';
import { paths } from '@/config/paths';
import { ACCOUNT_DELETED_NOTICE } from '@/features/account/components/delete-account-section';

export default function AccountDeletedScreen() {
  return (
    <AuthCard title="Account deleted" lead={ACCOUNT_DELETED_NOTICE}>
      <p className="text-gray-700">
        Your profile, plants, posts, messages and photos are gone, and you are signed out everywhere. Your username is free for
        someone else. You are welcome back any time with a new account.
      </p>
      <Link to={paths.home} className={buttonClass('primary', 'w-full')}>
        Go to the home page
      </Link>
    </AuthCard>
  );
}
