/**
 * /settings/location (admin): the site's default location (the public setting default_location),
 * where maps and nearby searches start for guests and members with no place of their own. Chosen
 * by place name (the server's gazetteer) or by a click on the map (named after the nearest place
 * the gazetteer knows), then fine-tuned by its coordinates; the map shows the place before it is
 * saved.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import type { SiteLocation } from '@shared/site';
import { SITE_SETTING_NAMES } from '@shared/site';
import { TextField } from '@/components/form/fields';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { onSubmit, useForm } from '@/components/form/use-form';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { SiteSettingsState } from '@/features/admin/components/site-settings-state';
import { PlaceSearch } from '@/components/places/place-search';
import { useTileAttribution, useTileUrl } from '@/components/places/tile-url';
import { updateSiteSetting } from '@/features/admin/api/admin';
import { placeAt, type Point } from '@/lib/places';
import { siteQueryKey, useSite } from '@/lib/site';

const NearbyMap = lazy(() => import('@/components/places/nearby-map'));

const LABELS = { suburb_city: 'Suburb or city', state: 'State or region', country: 'Country', latitude: 'Latitude', longitude: 'Longitude' };

type Values = Record<keyof typeof LABELS, string>;

/** Five decimals: about a metre. */
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

const toValues = (l: SiteLocation): Values => ({ suburb_city: l.suburb_city, state: l.state, country: l.country, latitude: String(l.latitude), longitude: String(l.longitude) });

/** The location the form holds, or the errors of its fields. */
export function readLocation(v: Values): { location: SiteLocation } | { errors: Partial<Record<keyof Values, string>> } {
  const errors: Partial<Record<keyof Values, string>> = {};
  const latitude = Number(v.latitude);
  const longitude = Number(v.longitude);
  if (!v.suburb_city.trim()) errors.suburb_city = `${LABELS.suburb_city} is required`;
  if (!v.country.trim()) errors.country = `${LABELS.country} is required`;
  if (v.latitude.trim() === '' || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) errors.latitude = `${LABELS.latitude} must be a number from -90 to 90`;
  if (v.longitude.trim() === '' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) errors.longitude = `${LABELS.longitude} must be a number from -180 to 180`;
  if (Object.keys(errors).length) return { errors };
  return { location: { latitude, longitude, suburb_city: v.suburb_city.trim(), state: v.state.trim(), country: v.country.trim() } };
}

export default function LocationSettingsScreen() {
  const site = useSite();
  return (
    <PageShell title="Default location" description="Where maps and nearby searches start for guests and for members who have not set a place.">
      <SiteSettingsState site={site} />
      {site.data ? <LocationForm current={site.data.defaultLocation} /> : null}
    </PageShell>
  );
}

function LocationForm({ current }: { current: SiteLocation }) {
  const queryClient = useQueryClient();
  const tileUrl = useTileUrl();
  const tileAttribution = useTileAttribution();
  const form = useForm<Values>(toValues(current), LABELS);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (l: SiteLocation) => updateSiteSetting({ name: SITE_SETTING_NAMES.defaultLocation, value: JSON.stringify(l), dataType: 'json', isPublic: true }),
    onSuccess: (_s, l) => {
      setSaved(`The default location is now ${[l.suburb_city, l.state, l.country].filter(Boolean).join(', ')}.`);
      void queryClient.invalidateQueries({ queryKey: siteQueryKey });
    },
    onError: form.fail,
  });
  // A click on the map: its point at once, then the nearest named place's names (a later click
  // wins), unless the admin typed names while they were being looked up: what they typed stays.
  const latestPick = useRef<Point | null>(null);
  const values = useRef(form.values);
  values.current = form.values;
  const namesOf = (v: Values) => `${v.suburb_city}\n${v.state}\n${v.country}`;
  const [naming, setNaming] = useState<{ at: Point; state: 'naming' | 'named' | 'unnamed' | 'typed' } | null>(null);
  const pickOnMap = (point: Point) => {
    setSaved(null);
    const at = { latitude: round5(point.latitude), longitude: round5(point.longitude) };
    form.setValues({ latitude: String(at.latitude), longitude: String(at.longitude) });
    latestPick.current = at;
    const typedBefore = namesOf(values.current);
    setNaming({ at, state: 'naming' });
    void placeAt(at)
      .catch(() => null)
      .then((near) => {
        if (latestPick.current !== at) return;
        if (namesOf(values.current) !== typedBefore) return setNaming({ at, state: 'typed' });
        setNaming({ at, state: near ? 'named' : 'unnamed' });
        if (near) form.setValues({ suburb_city: near.name, state: near.admin1 ?? '', country: near.countryName });
      });
  };
  const read = readLocation(form.values);
  const shown = 'location' in read ? read.location : current;

  const submit = onSubmit(() => {
    setSaved(null);
    const r = readLocation(form.values);
    if ('errors' in r) return form.setErrors(r.errors);
    form.clear();
    save.mutate(r.location);
  });

  return (
    <div className="space-y-6">
      <p className="text-gray-700">
        Now: <strong>{[current.suburb_city, current.state, current.country].filter(Boolean).join(', ')}</strong>
      </p>
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm" aria-label="Default location">
        <FormAlert message={form.alert} title="Could not save the location" />
        {saved ? (
          <Notice>
            <p>{saved}</p>
          </Notice>
        ) : null}
        <PlaceSearch
          label="Find a place by name"
          near={current}
          onPick={(p) => {
            setSaved(null);
            latestPick.current = null;
            setNaming(null);
            form.setValues({ suburb_city: p.name, state: p.admin1 ?? '', country: p.countryName, latitude: String(p.latitude), longitude: String(p.longitude) });
          }}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={LABELS.suburb_city} {...form.field('suburb_city')} />
          <TextField label={LABELS.state} optional {...form.field('state')} />
          <TextField label={LABELS.country} {...form.field('country')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={LABELS.latitude} inputMode="decimal" hint="Degrees north (negative south)" {...form.field('latitude')} />
          <TextField label={LABELS.longitude} inputMode="decimal" hint="Degrees east (negative west)" {...form.field('longitude')} />
        </div>
        <Suspense fallback={<Loading label="Loading the map…" />}>
          <NearbyMap
            centre={shown}
            radiusKm={5}
            points={[]}
            centreLabel={shown.suburb_city || 'Default location'}
            caption="The default location as the form holds it. Click the map to move it there."
            onPick={pickOnMap}
            label={`Map of ${shown.suburb_city || 'the default location'}`}
            tileUrl={tileUrl}
            tileAttribution={tileAttribution}
          />
        </Suspense>
        <p role="status" className="text-sm text-gray-700">
          {naming?.state === 'naming'
            ? 'Naming the point chosen on the map…'
            : naming?.state === 'named'
              ? 'Moved to the point chosen on the map, named after the nearest place.'
              : naming?.state === 'unnamed'
                ? 'Moved to the point chosen on the map. No named place is near it: type its name.'
                : naming?.state === 'typed'
                  ? 'Moved to the point chosen on the map; the names you typed are kept.'
                  : ''}
        </p>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save default location
        </SubmitButton>
      </form>
    </div>
  );
}
