/**
 * A page's place from what the form sends: a place picked from the places lookup (its gazetteer
 * id), or a position from the browser, named after the nearest populated place. The label, the
 * position and the time zone always come from the gazetteer, never from free text.
 */
import { encodeGeohash } from '../../shared/geohash';
import type { PlaceInput } from '../../shared/schemas/pages';
import { nearestPlace, placeById } from '../location/gazetteer';
import { badRequest } from '../lib/errors';

export interface StoredPlace {
  suburbCity: string;
  state?: string;
  country: string;
  placeId: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  geohash: string;
}

export async function resolvePlace(input: PlaceInput, field = 'place'): Promise<StoredPlace> {
  if ('placeId' in input) {
    const place = await placeById(input.placeId);
    if (!place) throw badRequest('is not a place of the places lookup; pick one from the suggestions', field);
    return stored(place, place.lat, place.lng);
  }
  const near = await nearestPlace(input.latitude, input.longitude);
  if (!near) throw badRequest('is too far from any known place', field);
  // The position given, named after the nearest place (a garden lies between suburbs' centres).
  return stored(near, input.latitude, input.longitude);
}

function stored(place: { id: string; name: string; admin1: string | null; countryName: string; timeZone: string }, latitude: number, longitude: number): StoredPlace {
  return {
    suburbCity: place.name,
    ...(place.admin1 ? { state: place.admin1 } : {}),
    country: place.countryName,
    placeId: place.id,
    timeZone: place.timeZone,
    latitude,
    longitude,
    geohash: encodeGeohash({ latitude, longitude }),
  };
}
