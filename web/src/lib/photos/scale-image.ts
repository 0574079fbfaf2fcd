/**
 * Photos are scaled down in the browser before they are uploaded: the longest side at most
 * PHOTO_MAX_SIDE_PX, re-encoded as JPEG or WebP. A photo that is already small enough, of an
 * accepted type and under the size limit is uploaded as it is. A photo wider than
 * PHOTO_SMALL_WIDTH_PX also gets a small rendition of that width, in the same type, which cards
 * show instead of the original.
 *
 * The decision (planScale) is pure; the pixels go through an ImageCodec, so the whole flow can be
 * exercised with a fake codec where there is no canvas.
 */
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE_PX, PHOTO_SMALL_MAX_BYTES, PHOTO_SMALL_WIDTH_PX, PHOTO_TYPES } from '@shared/content-rules';

export type PhotoType = (typeof PHOTO_TYPES)[number];
export type EncodedType = 'image/jpeg' | 'image/webp';
/** What a codec may be asked for: the photo's encodings, and PNG for the small rendition of a PNG. */
export type CodecType = EncodedType | 'image/png';

export const PHOTO_QUALITY = 0.85;
/** A second, lower quality for the rare re-encoded photo that is still over the size limit. */
export const PHOTO_FALLBACK_QUALITY = 0.7;

/** A reason a file cannot be used, worded for the person who picked it. */
export class PhotoProblem extends Error {
  override readonly name = 'PhotoProblem';
}

export function isPhotoType(type: string): type is PhotoType {
  return (PHOTO_TYPES as readonly string[]).includes(type);
}

export interface ImageFacts {
  width: number;
  height: number;
  type: string;
  size: number;
}

export type ScalePlan =
  | { action: 'keep' }
  | { action: 'encode'; width: number; height: number; type: EncodedType };

/** The output size: the longest side at most maxSide, the aspect ratio kept, never upscaled. */
export function fitWithin(width: number, height: number, maxSide: number = PHOTO_MAX_SIDE_PX): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const ratio = maxSide / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/** The small rendition's size: PHOTO_SMALL_WIDTH_PX wide, the aspect ratio kept; null when the photo is not wider than that. */
export function smallSize(width: number, height: number, maxWidth: number = PHOTO_SMALL_WIDTH_PX): { width: number; height: number } | null {
  if (width <= maxWidth) return null;
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/**
 * Keep the file when it is of an accepted type, small enough on both counts (pixels and bytes);
 * otherwise re-encode it at the fitted size. JPEG stays JPEG; anything else (PNG, WebP, and
 * types the server does not take, such as GIF or HEIC where the browser can read them) becomes
 * WebP, which keeps transparency.
 */
export function planScale(facts: ImageFacts, maxSide: number = PHOTO_MAX_SIDE_PX, maxBytes: number = PHOTO_MAX_BYTES): ScalePlan {
  const fits = Math.max(facts.width, facts.height) <= maxSide;
  if (fits && isPhotoType(facts.type) && facts.size <= maxBytes) return { action: 'keep' };
  const { width, height } = fitWithin(facts.width, facts.height, maxSide);
  return { action: 'encode', width, height, type: facts.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp' };
}

/** A decoded image: its size in pixels, and close() to free it. */
export interface DecodedImage {
  width: number;
  height: number;
  close(): void;
}

export interface ImageCodec {
  /** Rejects when the browser cannot read the file as an image. */
  decode(file: Blob): Promise<DecodedImage>;
  /** The image drawn at width × height, encoded as type (a browser may answer another type when it cannot encode this one). */
  encode(image: DecodedImage, width: number, height: number, type: CodecType, quality: number): Promise<Blob>;
}

export interface PreparedPhoto {
  blob: Blob;
  type: PhotoType;
  width: number;
  height: number;
  /** False when the original file is uploaded as it is. */
  scaled: boolean;
  /** The small rendition (same type, PHOTO_SMALL_WIDTH_PX wide); null for a photo no wider than that, or when the browser could not make it. */
  small: Blob | null;
}

const NOT_AN_IMAGE = 'This file is not a photo we can use. Choose a JPEG, PNG or WebP image.';
const UNREADABLE = 'This photo could not be read. It may be damaged; try another one.';
const TOO_LARGE = 'This photo is too large to upload, even scaled down. Try a smaller one.';

/** Scales and re-encodes the file when it needs it; rejects with a PhotoProblem when it cannot be used. */
export async function preparePhoto(file: File, codec: ImageCodec | null = browserCodec()): Promise<PreparedPhoto> {
  if (file.size === 0) throw new PhotoProblem('This file is empty.');
  if (!file.type.startsWith('image/')) throw new PhotoProblem(NOT_AN_IMAGE);

  if (!codec) {
    // No way to read pixels here: the original goes when the server would take it.
    if (isPhotoType(file.type) && file.size <= PHOTO_MAX_BYTES) return { blob: file, type: file.type, width: 0, height: 0, scaled: false, small: null };
    throw new PhotoProblem(isPhotoType(file.type) ? TOO_LARGE : NOT_AN_IMAGE);
  }

  let image: DecodedImage;
  try {
    image = await codec.decode(file);
  } catch {
    throw new PhotoProblem(isPhotoType(file.type) ? UNREADABLE : NOT_AN_IMAGE);
  }
  try {
    const plan = planScale({ width: image.width, height: image.height, type: file.type, size: file.size });
    if (plan.action === 'keep') {
      const type = file.type as PhotoType;
      return { blob: file, type, width: image.width, height: image.height, scaled: false, small: await smallRendition(codec, image, image.width, image.height, type) };
    }

    let blob = await encodeAs(codec, image, plan.width, plan.height, plan.type, PHOTO_QUALITY);
    if (blob.size > PHOTO_MAX_BYTES) blob = await encodeAs(codec, image, plan.width, plan.height, 'image/jpeg', PHOTO_FALLBACK_QUALITY);
    if (blob.size > PHOTO_MAX_BYTES) throw new PhotoProblem(TOO_LARGE);
    const type = blob.type as PhotoType;
    return { blob, type, width: plan.width, height: plan.height, scaled: true, small: await smallRendition(codec, image, plan.width, plan.height, type) };
  } finally {
    image.close();
  }
}

/**
 * The small rendition of a photo whose upload is `width` × `height` of `type`, drawn from the
 * decoded image; null when the photo is narrow enough already, or when the browser cannot encode
 * that type (the card then shows the original: a missing rendition never stops an upload).
 */
async function smallRendition(codec: ImageCodec, image: DecodedImage, width: number, height: number, type: PhotoType): Promise<Blob | null> {
  const size = smallSize(width, height);
  if (!size) return null;
  try {
    const blob = await codec.encode(image, size.width, size.height, type, PHOTO_QUALITY);
    return blob.type === type && blob.size > 0 && blob.size <= PHOTO_SMALL_MAX_BYTES ? blob : null;
  } catch {
    return null;
  }
}

/** Encodes, falling back to JPEG when the browser answered a type other than the one asked for. */
async function encodeAs(codec: ImageCodec, image: DecodedImage, width: number, height: number, type: EncodedType, quality: number): Promise<Blob> {
  let blob: Blob;
  try {
    blob = await codec.encode(image, width, height, type, quality);
  } catch {
    throw new PhotoProblem(UNREADABLE);
  }
  if (blob.type === type) return blob;
  if (type !== 'image/jpeg') return encodeAs(codec, image, width, height, 'image/jpeg', quality);
  throw new PhotoProblem(UNREADABLE);
}

interface BitmapImage extends DecodedImage {
  bitmap: ImageBitmap;
}

/** createImageBitmap and a canvas (OffscreenCanvas where there is one); null where the browser has neither. */
export function browserCodec(): ImageCodec | null {
  if (typeof globalThis.createImageBitmap !== 'function') return null;
  const hasOffscreen = typeof globalThis.OffscreenCanvas === 'function';
  if (!hasOffscreen && typeof document === 'undefined') return null;
  return {
    async decode(file) {
      // from-image: phone photos are drawn the way up their EXIF orientation says. Browsers
      // that refuse the option read the file without it (they apply the orientation anyway).
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => createImageBitmap(file));
      const image: BitmapImage = { bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
      return image;
    },
    async encode(image, width, height, type, quality) {
      const { bitmap } = image as BitmapImage;
      if (hasOffscreen) {
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No 2D context');
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, width, height);
        return canvas.convertToBlob({ type, quality });
      }
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D context');
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      return new Promise<Blob>((resolve, reject) => {
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no image'))), type, quality);
      });
    },
  };
}
