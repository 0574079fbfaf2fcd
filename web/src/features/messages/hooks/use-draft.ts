/** The composer's text, kept as a draft per conversation for the tab's life (sessionStorage). */
import { useEffect, useState } from 'react';

const draftKey = (viewer: string, a: string, b: string) => `leafline.draft.${viewer}.${[a, b].sort().join('.')}`;

function readDraft(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeDraft(key: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {
    // Private mode: the draft lives only as long as the screen.
  }
}

/** The draft (else `initialText`) to start with, and a setter that keeps it. */
export function useDraft(viewer: string, a: string, b: string, initialText?: string): [string, (text: string) => void] {
  const storageKey = draftKey(viewer, a, b);
  const [text, setText] = useState(() => readDraft(storageKey) ?? initialText ?? '');
  useEffect(() => writeDraft(storageKey, text), [storageKey, text]);
  return [text, setText];
}
