/** Small helpers for form tests: type into a labelled field, press a button, read a field's error. */
import { fireEvent, screen } from '@testing-library/react';

export function type(label: string | RegExp, value: string): HTMLInputElement {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  return input;
}

export function press(name: string | RegExp): HTMLButtonElement {
  const button = screen.getByRole('button', { name }) as HTMLButtonElement;
  fireEvent.click(button);
  return button;
}

/** The error text linked to a field through aria-describedby (empty when none). */
export function errorOf(label: string | RegExp): string {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}
