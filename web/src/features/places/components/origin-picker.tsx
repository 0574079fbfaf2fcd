/**
 * Where a nearby search is centred, said plainly, with the two ways to change it: the device's
 * position (asked for with permission, named after the nearest place) or a place typed by name.
 */
import { useState } from 'react';
import { Button } from '@/components/form/feedback';
import { PinIcon } from '@/components/icons';
import { NEARBY_RADII_KM } from '@shared/constants';
import { radiusText, type Origin, type Units } from '@/lib/places';
import { PlaceSearch } from '@/components/places/place-search';
import { UseMyLocation } from '@/components/places/use-my-location';

const SOURCE: Record<Origin['source'], string> = {
  profile: 'your place in your profile',
  ip: 'your internet connection (approximate)',
  site: "the site's default place",
  query: 'the place you chose',
  device: 'your device',
  place: 'the place you chose',
};

export function OriginPicker({ origin, onChange }: { origin: Origin | null; onChange: (o: Origin) => void }) {
  const [changing, setChanging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <section aria-label="Where to search from" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <p className="flex flex-wrap items-center gap-2 text-gray-800">
        <PinIcon className="size-5 text-primary-700" />
        {origin ? (
          <span>
            Near <strong>{origin.label}</strong> <span className="text-gray-600">(from {SOURCE[origin.source]})</span>
          </span>
        ) : (
          <span>Finding where you are…</span>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <UseMyLocation
          onLocated={(point, near) => {
            setProblem(null);
            onChange({ ...point, label: near?.label ?? 'your position', source: 'device' });
            setChanging(false);
          }}
          onProblem={setProblem}
        />
        <Button variant="secondary" onClick={() => setChanging((c) => !c)} aria-expanded={changing}>
          Choose a place
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {changing ? (
        <div className="mt-3">
          <PlaceSearch
            label="Suburb or city"
            autoFocus
            near={origin}
            onPick={(p) => {
              onChange({ latitude: p.latitude, longitude: p.longitude, label: p.label, source: 'place' });
              setChanging(false);
            }}
          />
        </div>
      ) : null}
    </section>
  );
}

/** The radii the nearby screens offer (the member's setting is one of them). */
export const RADII = NEARBY_RADII_KM;

export function RadiusChoice({ value, onChange, units = 'metric' }: { value: number; onChange: (km: number) => void; units?: Units }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Distance</legend>
      <span aria-hidden="true" className="text-sm font-medium text-gray-800">
        Within
      </span>
      {RADII.map((km) => (
        <label key={km} className={`cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-600 has-[:focus-visible]:ring-offset-1 ${value === km ? 'border-primary-700 bg-primary-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:border-primary-600'}`}>
          <input type="radio" name="radius" value={km} checked={value === km} onChange={() => onChange(km)} className="sr-only" />
          {radiusText(km, units)}
        </label>
      ))}
    </fieldset>
  );
}
