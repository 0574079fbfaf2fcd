/** Every localStorage key the SPA uses, in one place (logout clears the user's). */
export const STORAGE_KEYS = {
  /** The place the viewer chose to search from on the nearby screens and the "Near you" panel (lib/chosen-place.ts). */
  location: 'leafline.location',
  /** An image uploaded but not yet attached to a post, plant, page or event. */
  uploadedImage: 'leafline.uploaded-image',
  /** Set while this browser has a session, so a returning visitor tries a silent refresh. */
  sessionHint: 'leafline.session-hint',
  /** When a tab last refreshed the session (ms since epoch): other tabs then skip their own refresh. */
  sessionRefreshedAt: 'leafline.session-refreshed-at',
  /** Where the admin's data-care jobs stopped (cursor and totals per job), so a job left midway is resumed. */
  adminJobs: 'leafline.admin-jobs',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app works without it.
  }
}

export function removeStorage(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  }
}
