/** Copies a text to the clipboard and says so (a live region); falls back to selecting a given input. */
import { useEffect, useState } from 'react';
import { Button } from '@/components/form/feedback';
import { CheckIcon } from '@/components/icons';
import { CopyIcon } from '@/components/icons-more';

export function CopyButton({ text, label = 'Copy link', fallbackInputId }: { text: string; label?: string; fallbackInputId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      const input = fallbackInputId ? (document.getElementById(fallbackInputId) as HTMLInputElement | null) : null;
      input?.focus();
      input?.select();
      setState('failed');
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={() => void copy()}>
        {state === 'copied' ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
        {label}
      </Button>
      <span role="status" className="text-sm text-gray-700">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Press Ctrl+C (or ⌘C) to copy' : ''}
      </span>
    </span>
  );
}
