/** Test doubles for the photo flow: a scriptable XMLHttpRequest, decodable images, picking files. */
import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';

export class FakeXHR {
  static all: FakeXHR[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXHR.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number) {
    this.status = status;
    act(() => this.onload?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
}

/** Installs FakeXHR, a createImageBitmap that reads every image as `width × height`, and object URLs. */
export function stubPhotoPlatform({ width = 800, height = 600 } = {}) {
  FakeXHR.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width, height, close: vi.fn() })),
  );
  let n = 0;
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++n}`);
  const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return { createObjectURL, revokeObjectURL };
}

export function photoFile(name = 'monstera.jpg', type = 'image/jpeg', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** Picks files with the file input labelled `label`. */
export function pickPhotos(files: File[], label: string | RegExp = /add photos/i): void {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

/** The latest upload request sent, waiting until there is one beyond `count`. */
export async function nextXhr(count: number): Promise<FakeXHR> {
  await vi.waitFor(() => {
    if (FakeXHR.all.length <= count) throw new Error('no upload yet');
  });
  return FakeXHR.all[FakeXHR.all.length - 1]!;
}
