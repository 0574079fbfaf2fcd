import { describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE_PX } from '@shared/content-rules';
import { fitWithin, PHOTO_FALLBACK_QUALITY, PHOTO_QUALITY, PhotoProblem, planScale, preparePhoto, smallSize, type ImageCodec } from './scale-image';

const MB = 1024 * 1024;

function fileOf(type: string, size = 1000, name = 'photo'): File {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  // The bytes do not matter; the size the flow reads does.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A codec that "decodes" to the given size and encodes to blobs of the asked type (or another one). */
function fakeCodec(width: number, height: number, opts: { encodedSize?: number | ((quality: number) => number); answers?: (type: string) => string; failDecode?: boolean } = {}) {
  const close = vi.fn();
  const codec: ImageCodec & { encode: ReturnType<typeof vi.fn> } = {
    decode: vi.fn(async () => {
      if (opts.failDecode) throw new Error('bad image');
      return { width, height, close };
    }),
    encode: vi.fn(async (_image, _w: number, _h: number, type: string, quality: number) => {
      const size = typeof opts.encodedSize === 'function' ? opts.encodedSize(quality) : (opts.encodedSize ?? 500_000);
      const blob = new Blob([new Uint8Array(8)], { type: opts.answers ? opts.answers(type) : type });
      Object.defineProperty(blob, 'size', { value: size });
      return blob;
    }),
  };
  return { codec, close };
}

describe('fitWithin', () => {
  it('scales the longest side down to the limit and keeps the aspect ratio', () => {
    expect(PHOTO_MAX_SIDE_PX).toBe(2048);
    expect(fitWithin(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(10_000, 10)).toEqual({ width: 2048, height: 2 });
    expect(fitWithin(100_000, 1)).toEqual({ width: 2048, height: 1 });
  });

  it('never scales up', () => {
    expect(fitWithin(2048, 2048)).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('planScale', () => {
  it('keeps small photos of an accepted type as they are', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(planScale({ width: 1200, height: 900, type, size: 2 * MB })).toEqual({ action: 'keep' });
    }
    expect(planScale({ width: 2048, height: 1000, type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toEqual({ action: 'keep' });
  });

  it('scales large photos: JPEG stays JPEG, PNG and WebP become WebP', () => {
    expect(planScale({ width: 4032, height: 3024, type: 'image/jpeg', size: 3 * MB })).toEqual({ action: 'encode', width: 2048, height: 1536, type: 'image/jpeg' });
    expect(planScale({ width: 3000, height: 6000, type: 'image/png', size: 3 * MB })).toEqual({ action: 'encode', width: 1024, height: 2048, type: 'image/webp' });
    expect(planScale({ width: 2049, height: 2049, type: 'image/webp', size: 1000 })).toEqual({ action: 'encode', width: 2048, height: 2048, type: 'image/webp' });
  });

  it('re-encodes at the same size what is over the byte limit or of another type', () => {
    expect(planScale({ width: 2000, height: 1500, type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toEqual({ action: 'encode', width: 2000, height: 1500, type: 'image/webp' });
    expect(planScale({ width: 800, height: 600, type: 'image/gif', size: 1000 })).toEqual({ action: 'encode', width: 800, height: 600, type: 'image/webp' });
    expect(planScale({ width: 800, height: 600, type: 'image/heic', size: 1000 })).toEqual({ action: 'encode', width: 800, height: 600, type: 'image/webp' });
  });
});

describe('smallSize', () => {
  it('is 640 px wide with the aspect ratio kept, and none for a photo no wider', () => {
    expect(smallSize(2048, 1536)).toEqual({ width: 640, height: 480 });
    expect(smallSize(1536, 2048)).toEqual({ width: 640, height: 853 });
    expect(smallSize(2048, 1)).toEqual({ width: 640, height: 1 });
    expect(smallSize(640, 480)).toBeNull();
    expect(smallSize(300, 2000)).toBeNull();
  });
});

describe('preparePhoto', () => {
  it('uploads a photo that fits as it is, with a small rendition of the same type, and frees the decoded image', async () => {
    const { codec, close } = fakeCodec(1600, 1200, { encodedSize: 90_000 });
    const file = fileOf('image/png', 3 * MB);
    const prepared = await preparePhoto(file, codec);
    expect(prepared).toMatchObject({ blob: file, type: 'image/png', width: 1600, height: 1200, scaled: false });
    expect(codec.encode.mock.calls.map((c) => c.slice(1))).toEqual([[640, 480, 'image/png', PHOTO_QUALITY]]);
    expect(prepared.small?.type).toBe('image/png');
    expect(prepared.small?.size).toBe(90_000);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('makes no small rendition of a photo 640 px wide or less', async () => {
    const { codec } = fakeCodec(640, 900);
    const file = fileOf('image/jpeg', 200_000);
    expect(await preparePhoto(file, codec)).toEqual({ blob: file, type: 'image/jpeg', width: 640, height: 900, scaled: false, small: null });
    expect(codec.encode).not.toHaveBeenCalled();
  });

  it('uploads without a small rendition when the browser cannot encode its type', async () => {
    // A browser without a WebP encoder answers PNG: the small one would not match the original's type.
    const { codec } = fakeCodec(1600, 1200, { answers: (type) => (type === 'image/webp' ? 'image/png' : type) });
    const prepared = await preparePhoto(fileOf('image/webp', 2 * MB), codec);
    expect(prepared).toMatchObject({ type: 'image/webp', scaled: false, small: null });
  });

  it('scales a large photo to 2048 px at quality 0.85', async () => {
    const { codec, close } = fakeCodec(4032, 3024, { encodedSize: 900_000 });
    const prepared = await preparePhoto(fileOf('image/jpeg', 6 * MB), codec);
    expect(codec.encode).toHaveBeenCalledWith(expect.anything(), 2048, 1536, 'image/jpeg', PHOTO_QUALITY);
    expect(codec.encode).toHaveBeenLastCalledWith(expect.anything(), 640, 480, 'image/jpeg', PHOTO_QUALITY);
    expect(prepared).toMatchObject({ type: 'image/jpeg', width: 2048, height: 1536, scaled: true });
    expect(prepared.small?.type).toBe('image/jpeg');
    expect(prepared.blob.size).toBe(900_000);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('falls back to JPEG where the browser cannot encode WebP', async () => {
    // Browsers without a WebP encoder answer PNG.
    const { codec } = fakeCodec(5000, 5000, { answers: (type) => (type === 'image/webp' ? 'image/png' : type) });
    const prepared = await preparePhoto(fileOf('image/png', 8 * MB), codec);
    expect(codec.encode.mock.calls.map((c) => c[3])).toEqual(['image/webp', 'image/jpeg', 'image/jpeg']);
    expect(prepared.type).toBe('image/jpeg');
    expect(prepared.small?.type).toBe('image/jpeg');
  });

  it('tries a lower quality when the result is still too large, then gives up', async () => {
    const { codec } = fakeCodec(3000, 3000, { encodedSize: (q) => (q === PHOTO_QUALITY ? PHOTO_MAX_BYTES + 1 : 5 * MB) });
    const prepared = await preparePhoto(fileOf('image/jpeg', 12 * MB), codec);
    expect(codec.encode.mock.calls.map((c) => c[4])).toEqual([PHOTO_QUALITY, PHOTO_FALLBACK_QUALITY, PHOTO_QUALITY]);
    expect(prepared.blob.size).toBe(5 * MB);

    const huge = fakeCodec(3000, 3000, { encodedSize: PHOTO_MAX_BYTES + 1 });
    await expect(preparePhoto(fileOf('image/jpeg', 12 * MB), huge.codec)).rejects.toThrow(/too large/);
    expect(huge.close).toHaveBeenCalled();
  });

  it('refuses files that are not images, empty, or unreadable', async () => {
    const { codec } = fakeCodec(10, 10);
    await expect(preparePhoto(fileOf('application/pdf'), codec)).rejects.toBeInstanceOf(PhotoProblem);
    await expect(preparePhoto(fileOf('image/jpeg', 0), codec)).rejects.toThrow('This file is empty.');
    const broken = fakeCodec(0, 0, { failDecode: true });
    await expect(preparePhoto(fileOf('image/jpeg'), broken.codec)).rejects.toThrow(/could not be read/);
    await expect(preparePhoto(fileOf('image/heic'), broken.codec)).rejects.toThrow(/JPEG, PNG or WebP/);
  });

  it('without a canvas, sends accepted photos as they are and refuses the rest', async () => {
    const file = fileOf('image/webp', 2 * MB);
    await expect(preparePhoto(file, null)).resolves.toMatchObject({ blob: file, type: 'image/webp', scaled: false });
    await expect(preparePhoto(fileOf('image/jpeg', PHOTO_MAX_BYTES + 1), null)).rejects.toThrow(/too large/);
    await expect(preparePhoto(fileOf('image/gif'), null)).rejects.toThrow(/JPEG, PNG or WebP/);
  });
});
