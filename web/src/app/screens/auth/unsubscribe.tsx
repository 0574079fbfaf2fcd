/**
 * /auth/unsubscribe?token=…: the link in a notification mail's text. It says which e-mails it
 * stops (the setting the token names, its middle part), asks, then posts the one-click
 * unsubscribe with an empty body (the route a mail client's List-Unsubscribe-Post also calls).
 * A token naming no setting we know, or one the server does not accept (404), is not a valid link.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { MAIL_SETTINGS, type MailSetting } from '@shared/constants';
import { AuthCard, linkClass } from '@/components/auth-card';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { paths } from '@/config/paths';
import { unsubscribe } from '@/features/auth/api/unsubscribe';
import { ApiError } from '@/lib/api';
import { userSettingsQueryKey } from '@/lib/user-settings';

/** What each setting's e-mails are about, as the settings screen names them. */
const STOPS: Record<MailSetting, string> = {
  notify_email_messages: 'new private messages',
  notify_email_comments: 'comments and replies on your posts',
  notify_email_events: 'events you attend or that are near you',
  notify_email_announcements: 'announcements from the site',
  notify_email_wanted: 'plants you want listed near you',
};

const NOT_VALID = 'This link is not valid';

/** The setting a token names (`<member>.<setting>.<signature>`), or null. */
function settingOf(token: string): MailSetting | null {
  const parts = token.split('.');
  const setting = parts.length === 3 ? parts[1] : undefined;
  return (MAIL_SETTINGS as readonly string[]).includes(setting ?? '') ? (setting as MailSetting) : null;
}

export default function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setting = settingOf(token);
  if (!setting) {
    return (
      <AuthCard title="Stop e-mails">
        <FormAlert title={NOT_VALID} message="Open the link from the e-mail again, or change what we e-mail you about in your settings." />
        <p className="text-sm text-gray-700">
          <Link to={paths.settings} className={linkClass}>
            Go to your settings
          </Link>
        </p>
      </AuthCard>
    );
  }
  return <Unsubscribe token={token} setting={setting} />;
}

function Unsubscribe({ token, setting }: { token: string; setting: MailSetting }) {
  const queryClient = useQueryClient();
  // The settings this tab holds are read again: the screen they show must say the e-mails are off.
  const stop = useMutation({ mutationFn: () => unsubscribe(token), onSuccess: () => queryClient.invalidateQueries({ queryKey: userSettingsQueryKey }) });
  const notValid = stop.error instanceof ApiError && stop.error.status === 404;
  return (
    <AuthCard title="Stop e-mails" lead={<p>E-mails about {STOPS[setting]}.</p>}>
      {stop.isSuccess ? (
        <Notice title="Done: we will not e-mail you about this any more">
          <p className="mt-1">
            You can turn these e-mails back on in{' '}
            <Link to={paths.settings} className={linkClass}>
              your settings
            </Link>
            .
          </p>
        </Notice>
      ) : (
        <>
          {stop.isError ? (
            <FormAlert
              title={notValid ? NOT_VALID : 'Could not stop these e-mails'}
              message={notValid ? 'Open the link from the e-mail again, or change what we e-mail you about in your settings.' : failureMessage(stop.error)}
            />
          ) : null}
          <p className="text-gray-700">
            We will stop sending you e-mails about {STOPS[setting]}. Other e-mails, and what you see on the site, stay as they are.
          </p>
          <Button onClick={() => stop.mutate()} pending={stop.isPending} pendingLabel="Stopping…">
            Stop these e-mails
          </Button>
          {notValid ? (
            <p className="text-sm text-gray-700">
              <Link to={paths.settings} className={linkClass}>
                Go to your settings
              </Link>
            </p>
          ) : null}
        </>
      )}
    </AuthCard>
  );
}
