/**
 * Creating an event, for a member or for a page: what, where (a venue's name, the suburb or city
 * picked by name or from the device, a street address), when (a date and times at the place, in
 * its time zone), whether and how it repeats, who may see it and how many may come. The event's
 * id is made here, so a retried submit answers the same event.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { EventPrivacy } from '@shared/constants';
import type { Place } from '@shared/answers/pages';
import { eventHref } from '@/config/paths';
import { Button, FormAlert, SubmitButton } from '@/components/form/feedback';
import { SelectField, TextArea, TextField } from '@/components/form/fields';
import { failureMessage } from '@/components/form/messages';
import { devicePosition, GeolocationFailure } from '@/lib/location';
import { placeAt } from '@/lib/places';
import { PlaceSearch } from '@/components/places/place-search';
import { ApiError } from '@/lib/api';
import { TagInput } from '@/components/form/tag-input';
import { MAX_TAGS_PER_EVENT } from '@shared/schemas/events';
import { useCreateEvent } from '../api/events';
import { readerZone } from '@/lib/format-date';
import { instantAt, rangeAt } from '../lib/local-times';
import { CoverPicker } from './cover-picker';

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth'];

export type Repeat = 'none' | 'weekly' | 'fortnightly' | 'monthly';

/** The rule of a repeat choice, from the first date's weekday (and its place in the month). */
export function ruleFor(repeat: Repeat, date: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (repeat === 'none' || !d) return null;
  const day = new Date(Date.UTC(+d[1]!, +d[2]! - 1, +d[3]!));
  const code = WEEKDAYS[day.getUTCDay()]!;
  if (repeat === 'weekly') return `FREQ=WEEKLY;BYDAY=${code}`;
  if (repeat === 'fortnightly') return `FREQ=WEEKLY;INTERVAL=2;BYDAY=${code}`;
  return `FREQ=MONTHLY;BYDAY=${Math.min(5, Math.ceil(day.getUTCDate() / 7))}${code}`;
}

export function repeatLabels(date: string): Record<Repeat, string> {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const day = d ? new Date(Date.UTC(+d[1]!, +d[2]! - 1, +d[3]!)) : null;
  const name = day ? DAY_NAMES[day.getUTCDay()]! : 'week day';
  const nth = day ? ORDINAL[Math.min(5, Math.ceil(day.getUTCDate() / 7)) - 1]! : 'same';
  return { none: 'Does not repeat', weekly: `Every ${name}`, fortnightly: `Every 2 weeks on ${name}`, monthly: `Monthly on the ${nth} ${name}` };
}

interface Where {
  latitude: number;
  longitude: number;
  label: string;
  suburbCity: string;
  state: string | null;
  country: string;
  timeZone: string;
}

const whereOf = (p: Place, latitude = p.latitude, longitude = p.longitude): Where => ({
  latitude, longitude, label: p.label, suburbCity: p.name, state: p.admin1, country: p.countryName, timeZone: p.timeZone,
});

const FIELDS = ['title', 'description', 'location', 'location.name', 'location.address', 'specifics', 'recurrence.rrule', 'recurrence.until', 'capacity', 'tags', 'cover'];

export function EventForm({ pageId, ownerLabel }: { pageId?: string; ownerLabel: string }) {
  const navigate = useNavigate();
  const id = useRef<string>(crypto.randomUUID());
  const create = useCreateEvent();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [privacy, setPrivacy] = useState<EventPrivacy>('public');
  const [venue, setVenue] = useState('');
  const [address, setAddress] = useState('');
  const [where, setWhere] = useState<Where | null>(null);
  const [date, setDate] = useState('');
  const [start, setStart] = useState('10:00');
  const [end, setEnd] = useState('12:00');
  const [repeat, setRepeat] = useState<Repeat>('none');
  const [until, setUntil] = useState('');
  const [capacity, setCapacity] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [cover, setCover] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [locating, setLocating] = useState(false);

  const useDevice = async () => {
    setLocating(true);
    try {
      const point = await devicePosition();
      const near = await placeAt(point);
      if (!near) throw new Error('none');
      setWhere({ ...whereOf(near, point.latitude, point.longitude), label: `near ${near.label}` });
      setErrors((e) => ({ ...e, location: '' }));
    } catch (err) {
      setErrors((e) => ({ ...e, location: err instanceof GeolocationFailure ? err.message : 'Your position could not be found; type the place instead.' }));
    } finally {
      setLocating(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'Title is required';
    if (!venue.trim()) found['location.name'] = 'Name the place (a garden, a hall, a park)';
    if (!where) found.location = 'Choose the suburb or city';
    const zone = where?.timeZone ?? readerZone();
    const range = rangeAt(date, start, end, zone);
    if (!range) found.specifics = instantAt(date, start, zone) ? 'Choose the end time' : 'Choose the date and the start time';
    const places = capacity.trim() ? Number(capacity) : null;
    if (places !== null && (!Number.isInteger(places) || places < 1)) found.capacity = 'The number of people must be a whole number of at least 1';
    const untilAt = until ? instantAt(until, '23:59', zone) : null;
    setErrors(found);
    if (Object.keys(found).length || !where || !range) return;
    const rrule = ruleFor(repeat, date);
    create.mutate(
      {
        id: id.current,
        title: title.trim(),
        description: description.trim(),
        privacy,
        ...(pageId ? { pageId } : {}),
        location: {
          name: venue.trim(),
          ...(address.trim() ? { address: address.trim() } : {}),
          suburbCity: where.suburbCity,
          ...(where.state ? { state: where.state } : {}),
          country: where.country,
          latitude: where.latitude,
          longitude: where.longitude,
        },
        specifics: [range],
        ...(rrule ? { recurrence: { rrule, ...(untilAt ? { until: untilAt } : {}) } } : {}),
        ...(places !== null ? { capacity: places } : {}),
        ...(tags.length ? { tags } : {}),
        ...(cover ? { cover } : {}),
      },
      {
        onSuccess: ({ event }) => navigate(eventHref(event.randomId)),
        onError: (error) => {
          if (error instanceof ApiError && error.field) {
            const field = error.field.startsWith('specifics') ? 'specifics' : error.field.startsWith('location.') && !FIELDS.includes(error.field) ? 'location' : error.field;
            if (FIELDS.includes(field)) setErrors({ [field]: error.message });
            if (error.field === 'id') {
              // The cover was uploaded for the old id: choose it again for the new one.
              id.current = crypto.randomUUID();
              setCover(null);
            }
          }
        },
      },
    );
  };

  const shownError = create.error instanceof ApiError && create.error.field && Object.values(errors).some(Boolean) ? null : create.isError ? failureMessage(create.error) : null;
  const labels = repeatLabels(date);

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5" aria-busy={create.isPending || undefined}>
      <p className="text-gray-700">The event will be held by {ownerLabel}.</p>
      <FormAlert message={shownError} title="Could not create the event" />
      <TextField label="Title" name="title" value={title} onValueChange={setTitle} error={errors.title} maxLength={120} required />
      <TextArea label="What happens" name="description" value={description} onValueChange={setDescription} error={errors.description} optional maxLength={5000} rows={4} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-800">Where</legend>
        <TextField label="Place name" name="venue" value={venue} onValueChange={setVenue} error={errors['location.name']} hint="A garden, a hall, a park" maxLength={120} required />
        {where ? (
          <p className="text-gray-800">
            <strong>{where.label}</strong>{' '}
            <button type="button" className="text-sm font-semibold text-primary-800 underline" onClick={() => setWhere(null)}>
              Change
            </button>
          </p>
        ) : (
          <>
            <PlaceSearch label="Suburb or city" error={errors.location || undefined} onPick={(p: Place) => setWhere(whereOf(p))} />
            <Button variant="secondary" onClick={() => void useDevice()} pending={locating} pendingLabel="Locating…">
              Use my location
            </Button>
          </>
        )}
        <TextField label="Street address" name="address" value={address} onValueChange={setAddress} error={errors['location.address']} optional maxLength={200} autoComplete="street-address" />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-800">When {where ? <span className="font-normal text-gray-600">(times in {where.timeZone.replace(/_/g, ' ')})</span> : null}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label="Date" name="date" type="date" value={date} onValueChange={setDate} required />
          <TextField label="Starts" name="start" type="time" value={start} onValueChange={setStart} required />
          <TextField label="Ends" name="end" type="time" value={end} onValueChange={setEnd} required />
        </div>
        {errors.specifics ? <p className="text-sm text-red-700">{errors.specifics}</p> : null}
        <SelectField
          label="Repeats"
          name="repeat"
          value={repeat}
          onValueChange={(v) => setRepeat(v as Repeat)}
          options={(Object.keys(labels) as Repeat[]).map((value) => ({ value, label: labels[value] }))}
          error={errors['recurrence.rrule']}
        />
        {repeat !== 'none' ? (
          <TextField label="Until" name="until" type="date" value={until} onValueChange={setUntil} optional error={errors['recurrence.until']} hint="At most six months ahead; without a date it runs six months, and you can extend it." />
        ) : null}
      </fieldset>
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
      <TextField label="How many people can come" name="capacity" type="number" inputMode="numeric" min={1} value={capacity} onValueChange={setCapacity} error={errors.capacity} optional hint="When it is full, people join a waitlist and move up when someone drops out." />
      <TagInput tags={tags} onChange={setTags} max={MAX_TAGS_PER_EVENT} disabled={create.isPending} error={errors.tags} />
      <CoverPicker eventId={id.current} cover={cover} onChange={setCover} busy={create.isPending} error={errors.cover} onUploading={setUploading} />
      <SubmitButton pending={create.isPending} pendingLabel="Creating…" disabled={uploading}>
        Create event
      </SubmitButton>
    </form>
  );
}
