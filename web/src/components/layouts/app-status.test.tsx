import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetUpdateForTests } from '@/lib/app-update';
import { watchRegistration } from '@/lib/service-worker';
import { OfflineScreen, UpdatePrompt } from './app-status';

/** A registration and container as the browser hands them over, driven by hand. */
function fakeWorkers(controlled: boolean) {
  const registration = new EventTarget() as EventTarget & { waiting: unknown; installing: unknown };
  registration.waiting = null;
  registration.installing = null;
  const container = new EventTarget() as EventTarget & { controller: unknown };
  container.controller = controlled ? {} : null;
  const worker = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
  const install = () => {
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    worker.state = 'installed';
    worker.dispatchEvent(new Event('statechange'));
  };
  return { registration: registration as unknown as ServiceWorkerRegistration, container: container as unknown as ServiceWorkerContainer, worker, install, takeOver: () => container.dispatchEvent(new Event('controllerchange')) };
}

afterEach(() => act(() => resetUpdateForTests()));

describe('the update prompt', () => {
  it('offers a reload once a new version has installed; reloading asks it to take over, then reloads on the change', async () => {
    const w = fakeWorkers(true);
    const reload = vi.fn();
    render(<UpdatePrompt />);
    watchRegistration(w.registration, w.container, reload);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => w.install());
    expect((await screen.findByRole('status')).textContent).toContain('A new version is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(w.worker.postMessage).toHaveBeenCalledWith('skip-waiting');
    expect(reload).not.toHaveBeenCalled();
    w.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
    w.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads only the tab that asked; another keeps its prompt, and "Later" puts it off', async () => {
    const w = fakeWorkers(true);
    const reload = vi.fn();
    render(<UpdatePrompt />);
    watchRegistration(w.registration, w.container, reload);
    act(() => w.install());
    await screen.findByRole('status');
    // Another tab let the version take over: this one was not asked, so it does not reload.
    w.takeOver();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing of the first install (no version controlled the page), and reloads nothing when it takes over', () => {
    const w = fakeWorkers(false);
    const reload = vi.fn();
    render(<UpdatePrompt />);
    watchRegistration(w.registration, w.container, reload);
    act(() => w.install());
    expect(screen.queryByRole('status')).toBeNull();
    w.takeOver();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the offline screen', () => {
  it('says the app needs the network and offers to try again', () => {
    render(<OfflineScreen />);
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
