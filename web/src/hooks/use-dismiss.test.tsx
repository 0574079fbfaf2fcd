import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useDismiss } from './use-dismiss';

function Popover({ onKey }: { onKey?: (event: KeyboardEvent) => void }) {
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useDismiss(open, { button, inside: [panel, button], close: () => setOpen(false), onKey });
  return (
    <div>
      <button ref={button} type="button" onClick={() => setOpen((o) => !o)}>
        Options
      </button>
      {open ? (
        <div ref={panel} role="menu" aria-label="Options">
          <button type="button" role="menuitem" onKeyDown={(event) => event.key === 'Escape' && event.preventDefault()}>
            Keeps its Escape
          </button>
        </div>
      ) : null}
      <p>Elsewhere</p>
    </div>
  );
}

const panel = () => screen.queryByRole('menu', { name: 'Options' });

describe('useDismiss', () => {
  it('closes on Escape with focus back on the button, and takes the key', () => {
    render(<Popover />);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    fireEvent(document, escape);
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Options' }));
    expect(escape.defaultPrevented).toBe(true);
  });

  it('stays open when something inside has already taken Escape', () => {
    render(<Popover />);
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Keeps its Escape' }), { key: 'Escape' });
    expect(panel()).not.toBeNull();
  });

  it('closes on a press outside, not on one inside it or on its button', () => {
    render(<Popover />);
    fireEvent.pointerDown(screen.getByRole('menuitem', { name: 'Keeps its Escape' }));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Options' }));
    expect(panel()).not.toBeNull();
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(panel()).toBeNull();
  });

  it('hands every other key to onKey, and stops listening once closed', () => {
    const onKey = vi.fn();
    render(<Popover onKey={onKey} />);
    fireEvent.keyDown(document, { key: 'ArrowDown' });
    expect(onKey).toHaveBeenCalledTimes(1);
    expect(onKey.mock.calls[0]![0]).toMatchObject({ key: 'ArrowDown' });
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    fireEvent.keyDown(document, { key: 'ArrowDown' });
    expect(onKey).toHaveBeenCalledTimes(1);
  });
});
