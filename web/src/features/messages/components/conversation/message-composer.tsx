/**
 * The composer: a textarea that keeps a draft, at most MESSAGE_MAX characters. Enter sends with a
 * keyboard; on a touch screen (no Shift key) it starts a new line.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX } from '@shared/schemas/messages';

interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  /** Who the message goes to, for the label and the placeholder. */
  otherName: string;
  /** Called with the trimmed text of a message that fits. */
  onSend: (content: string) => void;
}

export function MessageComposer({ text, onTextChange: setText, otherName, onSend }: ComposerProps) {
  const inputId = useId();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content || content.length > MESSAGE_MAX) return;
    onSend(content);
    setText('');
  };

  const [touch] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!touch && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const tooLong = text.length > MESSAGE_MAX;

  return (
    <form onSubmit={submit} className="sticky bottom-0 z-10 border-t border-gray-200 bg-white p-3 sm:static">
      <label htmlFor={inputId} className="sr-only">
        Write a message to {otherName}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={`Write to ${otherName}…`}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${inputId}-long` : undefined}
          className="min-h-11 flex-1 resize-y rounded-lg border border-gray-300 px-3 py-2 text-base focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200"
        />
        <button type="submit" disabled={!text.trim() || tooLong} className="min-h-11 rounded-lg bg-primary-700 px-4 font-semibold text-white hover:bg-primary-800 disabled:opacity-50">
          Send
        </button>
      </div>
      {tooLong ? (
        <p id={`${inputId}-long`} className="mt-1 text-sm text-red-700">
          A message holds at most {MESSAGE_MAX.toLocaleString()} characters ({text.length.toLocaleString()} now).
        </p>
      ) : (
        touch ? null : <p className="mt-1 hidden text-xs text-gray-500 sm:block">Enter sends; Shift+Enter starts a new line.</p>
      )}
    </form>
  );
}
