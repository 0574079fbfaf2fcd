import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { PhotoPicker } from './photo-picker';
import { FakeXHR, nextXhr, photoFile, pickPhotos, stubPhotoPlatform } from '../testing';
import { usePhotoUploads, type UploadDeps } from '@/lib/photos/use-photo-uploads';
import { requestPhotoUpload } from '@/lib/photos/upload-url';
import { putFile } from '@/lib/upload';

const KEY = (n: number) => `images/posts/6f1c1f7e-3c1b-4a7e-9d55-0c9f0c2d4a11/00000000-0000-4000-8000-00000000000${n}.jpg`;

function Harness({ max = 10, deps }: { max?: number; deps?: UploadDeps }) {
  const uploads = usePhotoUploads({ max, ...(deps ? { deps } : {}) });
  return (
    <>
      <PhotoPicker uploads={uploads} max={max} descriptions />
      <output data-testid="uploaded">{JSON.stringify(uploads.uploaded)}</output>
      <output data-testid="busy">{String(uploads.busy)}</output>
    </>
  );
}

function renderPicker(max?: number, deps?: UploadDeps) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness max={max} deps={deps} />
    </QueryClientProvider>,
  );
}

const uploaded = () => JSON.parse(screen.getByTestId('uploaded').textContent ?? '[]') as unknown[];

describe('photo picker', () => {
  let platform: ReturnType<typeof stubPhotoPlatform>;
  beforeEach(() => {
    platform = stubPhotoPlatform();
  });

  it('asks for an upload URL, PUTs with its headers and shows the progress', async () => {
    let n = 0;
    const api = serve({
      'POST /api/iam/images/upload-url': () =>
        success({ url: 'https://bucket.example/put?sig=1', key: KEY(++n), headers: { 'Content-Type': 'image/jpeg', 'content-length': '1' }, expires_in: 300 }),
    });
    renderPicker();
    pickPhotos([photoFile('fern.jpg', 'image/jpeg', 4096)]);

    const xhr = await nextXhr(0);
    expect(api.to('POST /api/iam/images/upload-url')[0]!.body).toMatchObject({ contentType: 'image/jpeg', size: 4096 });
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://bucket.example/put?sig=1');
    // The browser sets content-length itself.
    expect(xhr.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(screen.getByAltText('Preview of fern.jpg').getAttribute('src')).toBe('blob:preview-1');
    expect(screen.getByTestId('busy').textContent).toBe('true');

    xhr.progress(2048, 4096);
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Upload of fern.jpg' }) as HTMLProgressElement).value).toBe(50);

    xhr.respond(200);
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(uploaded()).toEqual([{ key: KEY(1), description: '', width: 800, height: 600 }]);
    expect(screen.getByTestId('busy').textContent).toBe('false');

    fireEvent.change(screen.getByLabelText(/Description of photo 1/), { target: { value: 'New leaf unfurling' } });
    expect(uploaded()).toEqual([{ key: KEY(1), description: 'New leaf unfurling', width: 800, height: 600 }]);
    expect(screen.getByAltText('New leaf unfurling')).toBeTruthy();
  });

  it('lets a failed upload be retried with a fresh URL, or removed', async () => {
    let n = 0;
    const api = serve({
      'POST /api/iam/images/upload-url': () => success({ url: `https://bucket.example/put/${++n}`, key: KEY(n), headers: {} }),
    });
    renderPicker();
    pickPhotos([photoFile('a.jpg'), photoFile('b.jpg')]);
    await waitFor(() => expect(FakeXHR.all).toHaveLength(2));
    const [first, second] = FakeXHR.all;

    first!.respond(500);
    second!.fail();
    expect(await screen.findAllByText('Upload failed')).toHaveLength(2);
    expect(screen.getByText(/refused \(status 500\)/)).toBeTruthy();
    expect(screen.getByText(/check your connection/)).toBeTruthy();
    expect(uploaded()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Retry photo 1' }));
    const again = await nextXhr(2);
    expect(again.url).toBe('https://bucket.example/put/3');
    expect(api.to('POST /api/iam/images/upload-url')).toHaveLength(3);
    again.progress(10, 100);
    expect(screen.getByText('Uploading… 10%')).toBeTruthy();
    again.respond(204);
    await screen.findByText('Uploaded');
    expect(uploaded()).toEqual([{ key: KEY(3), description: '', width: 800, height: 600 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.queryByText('Upload failed')).toBeNull();
    expect(platform.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    expect(screen.getByText(/1 of 10 added/)).toBeTruthy();
  });

  it('uploads the small rendition after the original, to its own URL, with one progress bar for both', async () => {
    const original = new Blob([new Uint8Array(3000)], { type: 'image/jpeg' });
    const small = new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });
    const deps: UploadDeps = {
      prepare: async () => ({ blob: original, type: 'image/jpeg', width: 2048, height: 1536, scaled: true, small }),
      request: requestPhotoUpload,
      put: putFile,
    };
    const api = serve({
      'POST /api/iam/images/upload-url': () =>
        success({
          url: 'https://bucket.example/original', key: KEY(1), headers: { 'content-type': 'image/jpeg' }, expires_in: 300,
          small: { url: 'https://bucket.example/small', key: KEY(1).replace('.jpg', '.w640.jpg'), headers: { 'content-type': 'image/jpeg' } },
        }),
    });
    renderPicker(10, deps);
    pickPhotos([photoFile('fern.jpg', 'image/jpeg', 4096)]);

    const first = await nextXhr(0);
    expect(api.to('POST /api/iam/images/upload-url')[0]!.body).toMatchObject({ contentType: 'image/jpeg', size: 3000, smallSize: 1000 });
    expect(first.url).toBe('https://bucket.example/original');
    expect(first.body).toBe(original);
    first.progress(1500, 3000);
    expect(screen.getByText('Uploading… 38%')).toBeTruthy();
    first.respond(200);

    const second = await nextXhr(1);
    expect(second.url).toBe('https://bucket.example/small');
    expect(second.body).toBe(small);
    expect(second.headers).toEqual({ 'content-type': 'image/jpeg' });
    second.progress(500, 1000);
    expect(screen.getByText('Uploading… 88%')).toBeTruthy();
    expect(uploaded()).toEqual([]);
    second.respond(200);
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(uploaded()).toEqual([{ key: KEY(1), description: '', width: 2048, height: 1536 }]);
  });

  it('fails the photo, to be retried, when its small rendition does not upload', async () => {
    const small = new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
    const deps: UploadDeps = {
      prepare: async () => ({ blob: new Blob([new Uint8Array(30)], { type: 'image/jpeg' }), type: 'image/jpeg', width: 900, height: 900, scaled: false, small }),
      request: requestPhotoUpload,
      put: putFile,
    };
    let n = 0;
    serve({
      'POST /api/iam/images/upload-url': () =>
        success({ url: `https://bucket.example/o${++n}`, key: KEY(n), headers: { 'content-type': 'image/jpeg' }, expires_in: 300, small: { url: `https://bucket.example/s${n}`, key: KEY(n).replace('.jpg', '.w640.jpg'), headers: { 'content-type': 'image/jpeg' } } }),
    });
    renderPicker(10, deps);
    pickPhotos([photoFile('a.jpg')]);
    (await nextXhr(0)).respond(200);
    (await nextXhr(1)).respond(403);
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(uploaded()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry photo 1' }));
    expect((await nextXhr(2)).url).toBe('https://bucket.example/o2');
  });

  it('aborts an upload that is removed, and frees previews on unmount', async () => {
    serve({ 'POST /api/iam/images/upload-url': () => success({ url: 'https://bucket.example/put', key: KEY(1), headers: {} }) });
    const view = renderPicker();
    pickPhotos([photoFile('a.jpg'), photoFile('b.jpg')]);
    await waitFor(() => expect(FakeXHR.all).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(FakeXHR.all[0]!.aborted).toBe(true);
    expect(screen.queryByText('Upload failed')).toBeNull();
    view.unmount();
    expect(FakeXHR.all[1]!.aborted).toBe(true);
    expect(platform.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(platform.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });

  it('refuses what is not an image without retry, and says when the limit left photos out', async () => {
    serve({ 'POST /api/iam/images/upload-url': () => success({ url: 'https://bucket.example/put', key: KEY(1), headers: {} }) });
    renderPicker(2);
    pickPhotos([photoFile('notes.pdf', 'application/pdf'), photoFile('a.jpg'), photoFile('b.jpg')]);
    expect(screen.getByText('You can add at most 2 photos; 1 photo was left out.')).toBeTruthy();
    expect(await screen.findByText(/not a photo we can use/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry photo 1' })).toBeNull();
    expect((screen.getByLabelText(/add photos/i) as HTMLInputElement).disabled).toBe(true);
  });

  it('explains a refusal of the upload URL', async () => {
    serve({ 'POST /api/iam/images/upload-url': () => failure(400, 'bad_request', 'size must be at most 10 MB', 'size') });
    renderPicker();
    pickPhotos([photoFile('a.jpg')]);
    expect(await screen.findByText('size must be at most 10 MB')).toBeTruthy();
    expect(FakeXHR.all).toHaveLength(0);
  });
});
