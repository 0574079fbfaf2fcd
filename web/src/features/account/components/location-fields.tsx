/**
 * Suburb, state and country as text the user can edit, plus the coordinates behind them: a
 * guess from the connection (GET /api/location/from-ip, the site's default place when that
 * fails) or, on request, the device's position. Used by registration and the profile settings.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldError, TextField } from '@/components/form/fields';
import { PlaceSearch } from '@/components/places/place-search';
import { Button } from '@/components/form/feedback';
import { LocateIcon } from '@/components/icons-more';
import { useSite } from '@/lib/site';
import { devicePosition, GeolocationFailure, locationFromIp } from '@/lib/location';

/** 'place': a place chosen from the gazetteer's suggestions; 'typed': a suburb typed since, its position still to be found. */
export type LocationSource = 'ip' | 'device' | 'profile' | 'site' | 'place' | 'typed';

export interface LocationValues {
  suburb_city: string;
  state: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  locationSource: LocationSource | null;
}

export const LOCATION_LABELS = {
  suburb_city: 'Suburb or city',
  state: 'State or region',
  country: 'Country',
  latitude: 'Latitude',
  longitude: 'Longitude',
} as const;

const SOURCE_TEXT: Record<LocationSource, string> = {
  ip: 'guessed from your internet connection',
  device: 'from your device',
  profile: 'as saved in your profile',
  site: "the site's default place; use your location for a better one",
  place: 'of the place you chose',
  typed: 'found from the suburb you typed when you save',
};

export function LocationFields({
  values,
  onChange,
  errors,
  prefill = false,
  searchSuburb = false,
}: {
  values: LocationValues;
  onChange: (patch: Partial<LocationValues>) => void;
  errors: Record<string, string | undefined>;
  /** Fill empty fields from the connection's location on first render. */
  prefill?: boolean;
  /**
   * The suburb is a place search: choosing a suggestion sets suburb, state, country and the map
   * position; typing marks the position as still to be found from the text ('typed'), unless it
   * came from the device.
   */
  searchSuburb?: boolean;
}) {
  const statusId = useId();
  const [locating, setLocating] = useState(false);
  const [deviceError, setDeviceError] = useState<string | null>(null);
  const needsGuess = prefill && values.latitude === null;
  const fromIp = useQuery({
    queryKey: ['location', 'from-ip'],
    queryFn: ({ signal }) => locationFromIp(signal),
    enabled: needsGuess,
    staleTime: 10 * 60_000,
  });
  const site = useSite();
  const filled = useRef(false);

  // One prefill, and only of what the user has not typed.
  useEffect(() => {
    if (!needsGuess || filled.current) return;
    const guess = fromIp.data ?? (fromIp.isError ? site.data?.defaultLocation : undefined);
    if (!guess) return;
    filled.current = true;
    onChange({
      latitude: guess.latitude,
      longitude: guess.longitude,
      suburb_city: values.suburb_city || guess.suburb_city || '',
      state: values.state || guess.state || '',
      country: values.country || guess.country || '',
      // A suburb typed before the guess came keeps its position to be found from the text.
      locationSource: values.locationSource === 'typed' ? 'typed' : fromIp.data?.source === 'ip' ? 'ip' : 'site',
    });
  }, [needsGuess, fromIp.data, fromIp.isError, site.data, values.suburb_city, values.state, values.country, values.locationSource, onChange]);

  async function locateMe() {
    setLocating(true);
    setDeviceError(null);
    try {
      const pos = await devicePosition();
      filled.current = true;
      onChange({ ...pos, locationSource: 'device' });
    } catch (err) {
      setDeviceError(err instanceof GeolocationFailure ? err.message : 'Your position is not available.');
    } finally {
      setLocating(false);
    }
  }

  const coordsError = errors.latitude ?? errors.longitude;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void locateMe()} pending={locating} pendingLabel="Finding you…" aria-describedby={statusId}>
          <LocateIcon className="size-4" />
          Use my location
        </Button>
        <p id={statusId} aria-live="polite" className="text-sm text-gray-700">
          {values.locationSource === 'typed'
            ? `Map position ${SOURCE_TEXT.typed}.`
            : values.latitude !== null && values.longitude !== null && values.locationSource
            ? `Map position ${values.latitude.toFixed(4)}, ${values.longitude.toFixed(4)} (${SOURCE_TEXT[values.locationSource]}).`
            : needsGuess && fromIp.isPending
              ? 'Guessing your area…'
              : 'No map position yet.'}
        </p>
      </div>
      {deviceError ? (
        <p role="alert" className="text-sm text-amber-900">
          {deviceError}
        </p>
      ) : null}
      <FieldError id={`${statusId}-error`} error={coordsError} />
      <div className="grid gap-4 sm:grid-cols-3">
        {searchSuburb ? (
          <PlaceSearch
            label={LOCATION_LABELS.suburb_city}
            name="suburb_city"
            value={values.suburb_city}
            onTextChange={(v) => onChange({ suburb_city: v, locationSource: values.locationSource === 'device' ? 'device' : 'typed' })}
            near={values.latitude !== null && values.longitude !== null ? { latitude: values.latitude, longitude: values.longitude } : null}
            error={errors.suburb_city}
            onPick={(p) => {
              filled.current = true;
              onChange({ suburb_city: p.name, state: p.admin1 ?? values.state, country: p.countryName, latitude: p.latitude, longitude: p.longitude, locationSource: 'place' });
            }}
          />
        ) : (
          <TextField
            label={LOCATION_LABELS.suburb_city}
            name="suburb_city"
            autoComplete="address-level2"
            value={values.suburb_city}
            onValueChange={(v) => onChange({ suburb_city: v })}
            error={errors.suburb_city}
            maxLength={100}
          />
        )}
        <TextField
          label={LOCATION_LABELS.state}
          name="state"
          autoComplete="address-level1"
          value={values.state}
          onValueChange={(v) => onChange({ state: v })}
          error={errors.state}
          maxLength={100}
        />
        <TextField
          label={LOCATION_LABELS.country}
          name="country"
          autoComplete="country-name"
          value={values.country}
          onValueChange={(v) => onChange({ country: v })}
          error={errors.country}
          maxLength={100}
        />
      </div>
    </div>
  );
}
