/**
 * Changing an event (its creator, or its page's admins and moderators): the details and the
 * number of places; each upcoming date moved, cancelled after a confirmation, or restored (its
 * attendees are told); a date added; a series extended or changed from one of its dates on; and
 * the event deleted after a confirmation.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EventPrivacy } from '@shared/constants';
import type { EventDateView, EventView } from '@shared/answers/events';
import { eventHref } from '@/config/paths';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { SelectField, TextArea, TextField } from '@/components/form/fields';
import { failureMessage } from '@/components/form/messages';
import { ApiError } from '@/lib/api';
import { useAddDates, useDeleteEvent, useRewriteSeries, useUpdateDate, useUpdateEvent } from '../api/events';
import { dateRange } from '@/lib/format-date';
import { instantAt, localParts, rangeAt } from '../lib/local-times';
import { TagInput } from '@/components/form/tag-input';
import { MAX_TAGS_PER_EVENT } from '@shared/schemas/events';
import { CoverPicker } from './cover-picker';
import { repeatLabels, ruleFor, type Repeat } from './event-form';

function Details({ event }: { event: EventView }) {
  const update = useUpdateEvent();
  const [title, setTitle] = useState(event.title);
  const [description, setDescription] = useState(event.description);
  const [privacy, setPrivacy] = useState(event.privacy);
  const [capacity, setCapacity] = useState(event.capacity ? String(event.capacity) : '');
  const [tags, setTags] = useState<string[]>(event.tags);
  const [error, setError] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const places = capacity.trim() ? Number(capacity) : null;
    if (!title.trim()) return setError({ title: 'Title is required' });
    if (places !== null && (!Number.isInteger(places) || places < 1)) return setError({ capacity: 'The number of people must be a whole number of at least 1' });
    setError({});
    update.mutate(
      { eventId: event.id, title: title.trim(), description: description.trim(), privacy, capacity: places, tags },
      { onError: (err) => err instanceof ApiError && err.field && setError({ [err.field]: err.message }) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="edit-details">
      <h2 id="edit-details" className="text-lg font-semibold text-gray-900">
        Details
      </h2>
      {update.isSuccess ? <Notice>Saved.</Notice> : null}
      <FormAlert message={update.isError && !Object.keys(error).length ? failureMessage(update.error) : null} title="Could not save" />
      <TextField label="Title" name="title" value={title} onValueChange={setTitle} error={error.title} maxLength={120} required />
      <TextArea label="What happens" name="description" value={description} onValueChange={setDescription} optional maxLength={5000} rows={4} />
      <SelectField
        label="Who can see it"
        name="privacy"
        value={privacy}
        onValueChange={(v) => setPrivacy(v as EventPrivacy)}
        options={[
          { value: 'public', label: 'Everyone, signed in or not' },
          { value: 'members', label: 'Signed-in members only' },
        ]}
      />
      <TextField label="How many people can come" name="capacity" type="number" inputMode="numeric" min={1} value={capacity} onValueChange={setCapacity} error={error.capacity} optional hint="Room for more lets people on the waitlist in." />
      <TagInput tags={tags} onChange={setTags} max={MAX_TAGS_PER_EVENT} disabled={update.isPending} error={error.tags} />
      <SubmitButton pending={update.isPending} pendingLabel="Saving…">
        Save details
      </SubmitButton>
    </form>
  );
}

/** The cover photo, saved as soon as it is uploaded or removed (the one it replaces is deleted). */
function Cover({ event }: { event: EventView }) {
  const update = useUpdateEvent();
  return (
    <section aria-labelledby="edit-cover" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="edit-cover" className="text-lg font-semibold text-gray-900">
        Cover photo
      </h2>
      {update.isSuccess ? <Notice>{event.cover ? 'The cover photo is saved.' : 'The cover photo is removed.'}</Notice> : null}
      <CoverPicker
        eventId={event.id}
        cover={event.cover}
        onChange={(cover) => update.mutate({ eventId: event.id, cover })}
        busy={update.isPending}
        error={update.isError ? failureMessage(update.error) : null}
      />
    </section>
  );
}

function DateEditor({ event, date }: { event: EventView; date: EventDateView }) {
  const change = useUpdateDate();
  const [moving, setMoving] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const start = localParts(date.startsAt, event.timeZone);
  const end = localParts(date.endsAt, event.timeZone);
  const [day, setDay] = useState(start.date);
  const [from, setFrom] = useState(start.time);
  const [to, setTo] = useState(end.time);
  const when = dateRange(date.startsAt, date.endsAt, event.timeZone);
  const move = (e: FormEvent) => {
    e.preventDefault();
    const range = rangeAt(day, from, to, event.timeZone);
    if (!range) return;
    change.mutate({ specificId: date.id, ...range }, { onSuccess: () => setMoving(false) });
  };
  return (
    <li className="space-y-2 rounded-xl border border-gray-200 bg-white p-3">
      <p className="font-medium text-gray-900">
        {date.cancelled ? <s>{when}</s> : when}
        {date.cancelled ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800">Cancelled</span> : null}
        {date.edited ? <span className="ml-2 text-xs text-gray-600">(set by hand)</span> : null}
      </p>
      <p className="text-sm text-gray-600">
        {date.counts.going} going · {date.counts.maybe} maybe{date.counts.waiting ? ` · ${date.counts.waiting} waiting` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          pending={change.isPending && change.variables?.cancelled !== undefined}
          pendingLabel="Saving…"
          onClick={() => (date.cancelled ? change.mutate({ specificId: date.id, cancelled: false }) : setConfirmingCancel(true))}
        >
          {date.cancelled ? 'Restore this date' : 'Cancel this date'}
        </Button>
        {!date.cancelled ? (
          <Button variant="secondary" onClick={() => setMoving(!moving)} aria-expanded={moving}>
            Move
          </Button>
        ) : null}
      </div>
      {moving ? (
        <form onSubmit={move} className="grid gap-3 sm:grid-cols-4 sm:items-end">
          <TextField label="Date" name="day" type="date" value={day} onValueChange={setDay} required />
          <TextField label="Starts" name="from" type="time" value={from} onValueChange={setFrom} required />
          <TextField label="Ends" name="to" type="time" value={to} onValueChange={setTo} required />
          <SubmitButton pending={change.isPending} pendingLabel="Moving…">
            Move the date
          </SubmitButton>
        </form>
      ) : null}
      {change.isError ? <FormAlert message={failureMessage(change.error)} title="Could not change the date" /> : null}
      <Dialog open={confirmingCancel} title="Cancel this date?" onClose={() => setConfirmingCancel(false)} description={when}>
        <p className="text-sm text-gray-700">
          Everyone who said they are going or may go is told ({date.counts.going} going · {date.counts.maybe} maybe · {date.counts.waiting} waiting). You can restore it later.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmingCancel(false)}>
            Keep the date
          </Button>
          <Button
            variant="danger"
            pending={change.isPending}
            pendingLabel="Cancelling…"
            onClick={() => change.mutate({ specificId: date.id, cancelled: true }, { onSettled: () => setConfirmingCancel(false) })}
          >
            Cancel the date
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function AddDate({ event }: { event: EventView }) {
  const add = useAddDates();
  const [day, setDay] = useState('');
  const [from, setFrom] = useState('10:00');
  const [to, setTo] = useState('12:00');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const range = rangeAt(day, from, to, event.timeZone);
    if (!range) return;
    add.mutate({ eventId: event.id, specifics: [range] }, { onSuccess: () => setDay('') });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Add a date">
      <div className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <TextField label="New date" name="newday" type="date" value={day} onValueChange={setDay} required />
        <TextField label="Starts" name="newfrom" type="time" value={from} onValueChange={setFrom} required />
        <TextField label="Ends" name="newto" type="time" value={to} onValueChange={setTo} required />
        <SubmitButton pending={add.isPending} pendingLabel="Adding…" disabled={!day}>
          Add the date
        </SubmitButton>
      </div>
      {add.isError ? <FormAlert message={failureMessage(add.error)} title="Could not add the date" /> : null}
    </form>
  );
}

/** Rewrites the series from one of its dates on: a new day and time, and how it repeats. */
function Rewrite({ event }: { event: EventView }) {
  const rewrite = useRewriteSeries();
  const upcoming = event.specifics.filter((d) => Date.parse(d.endsAt) >= Date.now() && !d.cancelled);
  const first = upcoming[0];
  const [from, setFrom] = useState(first?.id ?? '');
  const pivot = upcoming.find((d) => d.id === from) ?? first;
  const [day, setDay] = useState(pivot ? localParts(pivot.startsAt, event.timeZone).date : '');
  const [start, setStart] = useState(pivot ? localParts(pivot.startsAt, event.timeZone).time : '10:00');
  const [end, setEnd] = useState(pivot ? localParts(pivot.endsAt, event.timeZone).time : '12:00');
  const [repeat, setRepeat] = useState<Exclude<Repeat, 'none'>>('weekly');
  if (!pivot) return null;
  const labels = repeatLabels(day);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const range = rangeAt(day, start, end, event.timeZone);
    const rrule = ruleFor(repeat, day);
    if (!range || !rrule) return;
    rewrite.mutate({ eventId: event.id, from: pivot.startsAt, first: range, recurrence: { rrule } });
  };
  return (
    <form onSubmit={submit} className="space-y-3 border-t border-gray-200 pt-3" aria-label="Change how it repeats">
      <h3 className="font-semibold text-gray-900">Change how it repeats</h3>
      <p className="text-sm text-gray-700">From the date you choose on, the dates follow the new day and time. Dates you added or changed by hand stay as they are; people going to a date that moves or goes are told.</p>
      <SelectField
        label="From"
        name="from"
        value={pivot.id}
        onValueChange={(v) => {
          setFrom(v);
          const d = upcoming.find((x) => x.id === v);
          if (d) setDay(localParts(d.startsAt, event.timeZone).date);
        }}
        options={upcoming.map((d) => ({ value: d.id, label: dateRange(d.startsAt, d.endsAt, event.timeZone) }))}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="New first date" name="rewrite-day" type="date" value={day} onValueChange={setDay} required />
        <TextField label="Starts" name="rewrite-start" type="time" value={start} onValueChange={setStart} required />
        <TextField label="Ends" name="rewrite-end" type="time" value={end} onValueChange={setEnd} required />
      </div>
      <SelectField
        label="Repeats"
        name="rewrite-repeat"
        value={repeat}
        onValueChange={(v) => setRepeat(v as Exclude<Repeat, 'none'>)}
        options={(['weekly', 'fortnightly', 'monthly'] as const).map((value) => ({ value, label: labels[value] }))}
      />
      <SubmitButton pending={rewrite.isPending} pendingLabel="Saving…">
        Change the dates
      </SubmitButton>
      {rewrite.isSuccess ? <Notice>The dates are changed.</Notice> : null}
      {rewrite.isError ? <FormAlert message={failureMessage(rewrite.error)} title="Could not change the dates" /> : null}
    </form>
  );
}

function Series({ event }: { event: EventView }) {
  const update = useUpdateEvent();
  const until = event.recurrence?.until ? localParts(event.recurrence.until, event.timeZone).date : '';
  const [day, setDay] = useState(until);
  if (!event.recurrence) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const at = instantAt(day, '23:59', event.timeZone);
    if (at) update.mutate({ eventId: event.id, seriesUntil: at });
  };
  return (
    <section className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby="edit-series">
      <form onSubmit={submit} className="space-y-3" aria-label="How long it runs">
        <h2 id="edit-series" className="text-lg font-semibold text-gray-900">
          Repeats: {event.recurrence.description}
        </h2>
        <p className="text-sm text-gray-700">Dates are added eight weeks ahead as time passes. A series runs at most six months ahead; extend it here. An earlier end cancels the dates after it that people are going to (they are told) and removes the others; dates you added or changed by hand stay.</p>
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <TextField label="Runs until" name="until" type="date" value={day} onValueChange={setDay} required />
          <SubmitButton pending={update.isPending} pendingLabel="Saving…">
            Save the end
          </SubmitButton>
        </div>
        {update.isSuccess ? <Notice>Saved.</Notice> : null}
        {update.isError ? <FormAlert message={failureMessage(update.error)} title="Could not change the series" /> : null}
      </form>
      <Rewrite event={event} />
    </section>
  );
}

export function EventEditor({ event }: { event: EventView }) {
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  const upcoming = event.specifics.filter((d) => Date.parse(d.endsAt) >= Date.now());
  return (
    <div className="space-y-6">
      <p>
        <Link to={eventHref(event.randomId)} className="font-semibold text-primary-800 underline">
          Back to the event
        </Link>
      </p>
      <Details event={event} />
      <Cover event={event} />
      <section aria-labelledby="edit-dates" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id="edit-dates" className="text-lg font-semibold text-gray-900">
          Dates
        </h2>
        <p className="text-sm text-gray-700">People going or maybe going are told when a date moves or is cancelled.</p>
        {upcoming.length ? (
          <ol className="space-y-3">
            {upcoming.map((d) => (
              <DateEditor key={`${d.id}-${d.startsAt}-${d.cancelled}`} event={event} date={d} />
            ))}
          </ol>
        ) : (
          <p className="text-gray-700">No dates ahead.</p>
        )}
        <AddDate event={event} />
      </section>
      <Series event={event} />
      <section aria-labelledby="edit-delete" className="space-y-2 rounded-xl border border-red-200 bg-white p-4">
        <h2 id="edit-delete" className="text-lg font-semibold text-gray-900">
          Delete the event
        </h2>
        <p className="text-sm text-gray-700">Every date goes, and people going to upcoming dates are told.</p>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete event
        </Button>
      </section>
      <Dialog open={confirming} title={`Delete “${event.title}”?`} onClose={() => setConfirming(false)} description="This cannot be undone.">
        <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title="Could not delete the event" />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button variant="danger" pending={remove.isPending} pendingLabel="Deleting…" onClick={() => remove.mutate(event.id, { onSuccess: () => navigate('/events') })}>
            Delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
