/** /profile/notifications: every notification of the signed-in member, paged; following one marks only it seen. */
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AllNotifications } from '@/features/notifications/components/all-notifications';

export default function NotificationsScreen() {
  useDocumentTitle('Notifications');
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Notifications</h1>
        <p className="max-w-prose text-gray-600">Everything that happened around what you share, newest first.</p>
      </header>
      <AllNotifications />
    </article>
  );
}
