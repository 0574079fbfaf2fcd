/**
 * Tags as chips: type a name and press Enter or a comma (or pick a suggestion from the
 * autocomplete list, asked for once typing pauses). Backspace in the empty box removes the last
 * chip. At most `max` tags; names are stored normalised (trimmed, lower case).
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_TAGS_PER_POST } from '@shared/content-rules';
import { normaliseTagName, TAG_NAME_MAX, TAG_NAME_PATTERN } from '@shared/tag-rules';
import { FieldError, inputClass } from '@/components/form/fields';
import { CloseIcon } from '@/components/icons';
import { useDebounced } from '@/hooks/use-debounced';
import { tagPrefix, useTagSuggestions } from '@/lib/tags';

export const TAG_SUGGEST_DELAY_MS = 250;
const SHOWN_SUGGESTIONS = 8;

export function TagInput({
  tags,
  onChange,
  max = MAX_TAGS_PER_POST,
  disabled = false,
  error,
  label = 'Tags',
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  max?: number;
  disabled?: boolean;
  error?: string;
  label?: string;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(text, TAG_SUGGEST_DELAY_MS);
  const prefix = tagPrefix(debounced);
  const suggestions = useTagSuggestions(prefix);
  const options = (prefix !== null && prefix === tagPrefix(text) ? (suggestions.data ?? []) : [])
    .map((tag) => tag.name)
    .filter((name) => !tags.includes(name))
    .slice(0, SHOWN_SUGGESTIONS);
  const expanded = open && options.length > 0 && !disabled;
  const full = tags.length >= max;

  /** Adds names; answers the tag list after adding. */
  function add(raws: string[]): void {
    let next = tags;
    let why: string | null = null;
    for (const raw of raws) {
      const name = normaliseTagName(raw);
      if (!name || next.includes(name)) continue;
      if (!TAG_NAME_PATTERN.test(name)) {
        why = `Tags are 1-${TAG_NAME_MAX} letters, digits, spaces, - and _.`;
        continue;
      }
      if (next.length >= max) {
        why = `You can add at most ${max} tags.`;
        break;
      }
      next = [...next, name];
    }
    if (next !== tags) onChange(next);
    setProblem(why);
    setActive(-1);
  }

  function change(value: string) {
    if (value.includes(',')) {
      const parts = value.split(',');
      const rest = parts.pop() ?? '';
      add(parts);
      setText(rest.trimStart());
    } else {
      setText(value);
      setProblem(null);
    }
    setOpen(true);
    setActive(-1);
  }

  function commit(name: string) {
    add([name]);
    setText('');
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds a tag here; it never sends the whole form.
      event.preventDefault();
      const chosen = expanded && active >= 0 ? options[active] : undefined;
      if (chosen) commit(chosen);
      else if (text.trim()) commit(text);
    } else if (event.key === ',') {
      event.preventDefault();
      if (text.trim()) commit(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
      setProblem(null);
    } else if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape' && expanded) {
      // Close the list only; a dialog around the form stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  function remove(name: string) {
    onChange(tags.filter((t) => t !== name));
    setProblem(null);
  }

  const shownError = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div data-invalid={shownError ? true : undefined}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        <span className="font-normal text-gray-600"> (optional)</span>
      </label>
      {tags.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Chosen tags">
          {tags.map((name) => (
            <li key={name} className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-1 pr-1 pl-3 text-sm font-medium text-primary-900">
              <span>#{name}</span>
              <button
                type="button"
                onClick={() => remove(name)}
                disabled={disabled}
                aria-label={`Remove tag ${name}`}
                className="grid size-7 place-items-center rounded-full text-primary-800 hover:bg-primary-100 disabled:opacity-50"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          value={text}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            if (text.trim() && !full) commit(text);
          }}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="enter"
          placeholder={full ? '' : 'Type a tag, then Enter or a comma'}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[hintId, shownError ? errorId : ''].filter(Boolean).join(' ')}
          className={`${inputClass} ${shownError ? 'border-red-600' : 'border-gray-300'}`}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Tag suggestions"
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {expanded
            ? options.map((name, index) => (
                <li
                  key={name}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  // Keep focus in the box: the click then adds without a blur first.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => commit(name)}
                  className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-primary-50 text-primary-900' : 'text-gray-800 hover:bg-gray-50'}`}
                >
                  #{name}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p id={hintId} className="mt-1 text-sm text-gray-600">
        {`${tags.length} of ${max} tags.`}
      </p>
      <FieldError id={errorId} error={shownError ?? undefined} />
    </div>
  );
}
