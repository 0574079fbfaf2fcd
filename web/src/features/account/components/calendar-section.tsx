/**
 * The member's private calendar feed: the dates they are going (or may go) to and their pages'
 * events, for any calendar app. A "Subscribe in your calendar" link (webcal:), the address to
 * copy, and a new address when the old one was shared by mistake (the old one stops working).
 * Settings that failed to load offer a retry only: whether an address exists is unknown.
 */
import { useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Button, FormAlert, buttonClass } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { useRotateFeed, useUserSettings } from '@/lib/user-settings';
import { SettingsSection } from '@/components/layouts/settings-section';

export function CalendarSection() {
  const settings = useUserSettings();
  const rotate = useRotateFeed();
  const [confirming, setConfirming] = useState(false);
  const url = settings.data?.calendarFeedUrl ?? null;
  return (
    <SettingsSection id="calendar" title="Calendar" description="Your events in your own calendar app: the dates you are going or may go to, and your pages' events. It updates by itself.">
      {settings.isPending ? (
        <div role="status" aria-label="Loading" className="h-10 animate-pulse rounded bg-gray-100" />
      ) : settings.isError && !settings.data ? (
        // Unknown whether an address exists: making one here could retire one that works.
        <FormAlert message={failureMessage(settings.error)} title="Could not load your calendar address">
          <Button className="mt-3" variant="secondary" pending={settings.isFetching} pendingLabel="Loading…" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : url ? (
        <div className="space-y-3">
          <p className="flex flex-wrap gap-2">
            <a className={buttonClass('primary')} href={url.replace(/^https?:/, 'webcal:')}>
              Subscribe in your calendar
            </a>
            <CopyButton text={url} label="Copy the address" fallbackInputId="calendar-url" />
          </p>
          <input id="calendar-url" readOnly value={url} aria-label="Your calendar address" className="w-full rounded-md border border-gray-300 bg-gray-50 px-3 py-2 text-sm text-gray-700" onFocus={(e) => e.target.select()} />
          <p className="text-sm text-gray-600">Anyone with this address sees these events. Keep it to yourself.</p>
          {confirming ? (
            <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p>The current address stops working at once: calendars subscribed to it need the new one.</p>
              <div className="flex gap-2">
                <Button variant="danger" pending={rotate.isPending} pendingLabel="Making…" onClick={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}>
                  Make a new address
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Keep this one
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Make a new address
            </Button>
          )}
        </div>
      ) : (
        <Button pending={rotate.isPending} pendingLabel="Making…" onClick={() => rotate.mutate()}>
          Make my calendar address
        </Button>
      )}
      {rotate.isError ? <FormAlert message={failureMessage(rotate.error)} title="Could not make the address" /> : null}
    </SettingsSection>
  );
}
