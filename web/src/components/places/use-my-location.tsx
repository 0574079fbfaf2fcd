/**
 * "Use my location": asks the device for its position (with permission), names it after the
 * nearest place when the places lookup knows one, and hands both over; a refusal or failure is
 * handed over as a sentence to show.
 */
import { useState } from 'react';
import type { Place } from '@shared/answers/pages';
import { Button } from '@/components/form/feedback';
import { LocateIcon } from '@/components/icons-more';
import { devicePosition, GeolocationFailure } from '@/lib/location';
import { placeAt } from '@/lib/places';

export const POSITION_NOT_FOUND = 'Your position could not be found. Type a place instead.';

export function UseMyLocation({
  onLocated,
  onProblem,
}: {
  onLocated: (point: { latitude: number; longitude: number }, near: Place | null) => void;
  onProblem: (message: string) => void;
}) {
  const [locating, setLocating] = useState(false);
  const locate = async () => {
    setLocating(true);
    try {
      const point = await devicePosition();
      const near = await placeAt(point).catch(() => null);
      onLocated(point, near);
    } catch (err) {
      onProblem(err instanceof GeolocationFailure ? err.message : POSITION_NOT_FOUND);
    } finally {
      setLocating(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void locate()} pending={locating} pendingLabel="Locating…">
      <LocateIcon className="mr-1 inline size-4" />
      Use my location
    </Button>
  );
}
