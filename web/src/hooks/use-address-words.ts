/**
 * A search field whose words live in the address (`?q=` by default), so a shared link opens the
 * same list and Back returns to it: the field's text, written to the address once typing pauses
 * (replacing the entry: typing refines one list), and words the address gets otherwise (Back, a
 * link, a "Clear" button) brought back to the field.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from './use-debounced';

const TYPING_PAUSE_MS = 300;

export function useAddressWords(name = 'q') {
  const [params, setParams] = useSearchParams();
  const q = params.get(name)?.trim() ?? '';
  const [text, setText] = useState(q);
  const settled = useDebounced(text, TYPING_PAUSE_MS);
  // The words this field last put in the address: their coming back is no news to the field.
  const written = useRef(q);
  useEffect(() => {
    if (settled.trim() === q) return;
    written.current = settled.trim();
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (settled.trim()) next.set(name, settled.trim());
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [settled]);
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setText(q);
  }, [q]);
  /** Empties the field and the address at once (Back brings the words back). */
  const clear = () => {
    setText('');
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete(name);
      return next;
    });
  };
  return { q, text, setText, clear };
}
