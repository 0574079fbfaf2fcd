/**
 * "Your data": a zip of everything the member owns (posts, plants, comments, messages, events,
 * swaps, photos…). Starting one shows its progress; once ready, a download link that works 15
 * minutes (asked for afresh each time the section loads) and the date the file is deleted.
 * One a day: the server's refusal says when the next may start.
 */
import { Button, FormAlert, buttonClass } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { SettingsSection } from '@/components/layouts/settings-section';
import { Loading } from '@/components/loading';
import { formatDateTime } from '@/lib/format-date';
import { useLatestExport, useStartExport } from '../api/data-export';

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

export function ExportSection() {
  const latest = useLatestExport();
  const start = useStartExport();
  const view = latest.data;
  const working = view?.state === 'pending' || view?.state === 'running';
  const canStart = !!view && !working && !view.nextAllowedAt;

  return (
    <SettingsSection
      id="export"
      title="Your data"
      description="Download everything you have shared here: your profile, posts, plants, comments, reactions, your messages, events, swaps, reviews, wanted list and photos, as a zip file."
    >
      {latest.isPending ? (
        <Loading label="Loading your export…" />
      ) : latest.isError && !view ? (
        <FormAlert message={failureMessage(latest.error)} title="Could not load your export">
          <Button className="mt-3" variant="secondary" pending={latest.isFetching} pendingLabel="Loading…" onClick={() => void latest.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : (
        <div className="space-y-3">
          <FormAlert message={start.isError ? failureMessage(start.error) : null} title="Could not start an export" />
          {working ? (
            <div className="space-y-2">
              <p id="export-progress-label" className="text-sm text-gray-700">
                Preparing your file… You can leave this page: it goes on without you.
              </p>
              <progress
                aria-labelledby="export-progress-label"
                max={100}
                value={Math.round((view.progress ?? 0) * 100)}
                className="h-2 w-full overflow-hidden rounded bg-gray-100 accent-green-700"
              />
              <p className="text-xs text-gray-600">{Math.round((view.progress ?? 0) * 100)}% done</p>
            </div>
          ) : null}
          {view?.state === 'ready' && view.url ? (
            <div role="status" className="space-y-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-950">
              <p>
                Your file is ready{view.bytes !== undefined ? ` (${size(view.bytes)})` : ''}. It is kept until {formatDateTime(view.expiresAt!)}, then deleted.
              </p>
              <p>
                <a className={buttonClass('primary')} href={view.url} download>
                  Download your data
                </a>
              </p>
              <p className="text-xs">The link works for 15 minutes; reopen this page for a fresh one.</p>
              {view.missingPhotos ? <p className="text-xs">{`${view.missingPhotos} ${view.missingPhotos === 1 ? 'photo' : 'photos'} could not be read; the file's README names them.`}</p> : null}
            </div>
          ) : null}
          {view?.state === 'failed' ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {view.nextAllowedAt ? `Your export did not finish. You can try again after ${formatDateTime(view.nextAllowedAt)}.` : 'Your last export did not finish. Start another below.'}
            </p>
          ) : null}
          {canStart ? (
            <Button pending={start.isPending} pendingLabel="Starting…" onClick={() => start.mutate()}>
              {view.state === 'ready' ? 'Make a new file' : 'Export my data'}
            </Button>
          ) : view?.nextAllowedAt && !working && view.state !== 'failed' ? (
            <p className="text-sm text-gray-600">One export a day: you can make a new file after {formatDateTime(view.nextAllowedAt)}.</p>
          ) : null}
        </div>
      )}
    </SettingsSection>
  );
}
