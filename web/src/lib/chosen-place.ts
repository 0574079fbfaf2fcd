/**
 * The place a viewer chose to search from (a place picked by name, or the device's position),
 * remembered across screens and reloads in localStorage under the viewer it was chosen by: a
 * guest's choice is not a member's, and logging out forgets it (lib/auth/session.ts). Every screen
 * that reads it updates when it changes, here or in another tab.
 */
import { useSyncExternalStore } from 'react';
import type { Origin } from '@/lib/places';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';

interface Chosen {
  viewer: string;
  origin: Origin;
}

const SOURCES: ReadonlySet<string> = new Set<Origin['source']>(['place', 'device', 'query']);
const listeners = new Set<() => void>();
let last: { raw: string | null; value: Chosen | null } = { raw: null, value: null };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function parse(raw: string): Chosen | null {
  try {
    const data = JSON.parse(raw) as { viewer?: unknown; origin?: Partial<Record<keyof Origin, unknown>> };
    const o = data.origin;
    if (typeof data.viewer !== 'string' || !o || !isNumber(o.latitude) || !isNumber(o.longitude) || typeof o.label !== 'string' || !SOURCES.has(String(o.source))) return null;
    if (Math.abs(o.latitude) > 90 || Math.abs(o.longitude) > 180) return null;
    return { viewer: data.viewer, origin: { latitude: o.latitude, longitude: o.longitude, label: o.label, source: o.source as Origin['source'] } };
  } catch {
    return null;
  }
}

/** The stored choice, the same object while the stored text is the same (useSyncExternalStore needs that). */
function snapshot(): Chosen | null {
  const raw = readStorage(STORAGE_KEYS.location);
  if (raw !== last.raw) last = { raw, value: raw ? parse(raw) : null };
  return last.value;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Remember `origin` as the place `viewer` searches from (null forgets it). */
export function chooseOrigin(viewer: string, origin: Origin | null): void {
  if (origin) writeStorage(STORAGE_KEYS.location, JSON.stringify({ viewer, origin: { latitude: origin.latitude, longitude: origin.longitude, label: origin.label, source: origin.source } }));
  else removeStorage(STORAGE_KEYS.location);
  for (const listener of listeners) listener();
}

/** The place `viewer` chose, or null when they chose none (or another viewer did). */
export function useChosenOrigin(viewer: string): Origin | null {
  const chosen = useSyncExternalStore(subscribe, snapshot, () => null);
  return chosen && chosen.viewer === viewer ? chosen.origin : null;
}
