/** Where the user is: a guess from the connection (GET /api/location/from-ip) or the device's own position. */
import type { PlaceGuess } from '@shared/answers/users';
import { api } from '@/lib/api';

/** `source`: 'ip' from the connection's location, 'site' when the server fell back to the site's default place. */
export function locationFromIp(signal?: AbortSignal): Promise<PlaceGuess> {
  return api.call('GET /api/location/from-ip', {}, { signal });
}

export class GeolocationFailure extends Error {
  override readonly name = 'GeolocationFailure';
}

const GEOLOCATION_MESSAGES: Record<number, string> = {
  1: 'Location access was refused. Allow it in your browser settings, or type your suburb below.',
  2: 'Your device could not find its position. Try again outside, or type your suburb below.',
  3: 'Finding your position took too long. Try again, or type your suburb below.',
};

/** The device's position (navigator.geolocation), coarse is enough: we only need the suburb. */
export function devicePosition(timeoutMs = 15_000): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    const geo = globalThis.navigator?.geolocation;
    if (!geo) {
      reject(new GeolocationFailure('This browser cannot share its location. Type your suburb below.'));
      return;
    }
    geo.getCurrentPosition(
      (pos) => resolve({ latitude: roundCoord(pos.coords.latitude), longitude: roundCoord(pos.coords.longitude) }),
      (err) => reject(new GeolocationFailure(GEOLOCATION_MESSAGES[err.code] ?? 'Your position is not available.')),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 10 * 60_000 },
    );
  });
}

/** Four decimals (about 11 m) is plenty for "nearby", and keeps the exact spot private. */
export function roundCoord(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
