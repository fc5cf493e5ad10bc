import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../http/errors.ts';

export const maxInputPixels = 40_000_000;
export const maxOriginalWidth = 2560;
export const variantWidths = [320, 640, 960, 1280, 1920] as const;
export const socialImageSize = { width: 1200, height: 630 } as const;

/** What an upload may be, by the format sharp reads from its bytes, and the type its stored original has. */
const acceptedFormats: Record<string, { mimeType: string; extension: string }> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  gif: { mimeType: 'image/gif', extension: 'gif' },
  avif: { mimeType: 'image/avif', extension: 'avif' },
};

const acceptedList = 'JPEG, PNG, WebP, AVIF or GIF';

export interface ImageFile {
  role: 'original' | 'variant' | 'social';
  format: string;
  mimeType: string;
  extension: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface InspectedImage {
  format: string;
  width: number;
  height: number;
}

function tooManyPixels(width?: number, height?: number): HttpError {
  const size = width && height ? `${width} x ${height} pixels` : 'too many pixels';
  return new HttpError(
    422,
    `This image is ${size}, more than the 40 megapixels we accept: make it smaller and upload it again.`,
  );
}

// failOn 'error' refuses a truncated or corrupt file instead of rendering the part that decoded.
const open = (input: Buffer, animated = false): Sharp =>
  sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error', animated });

/** Reads the real format from the bytes, whatever the file is called (415 for anything but our five). */
export async function inspectImage(input: Buffer): Promise<InspectedImage> {
  let metadata: Metadata;
  try {
    metadata = await open(input).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/.test(error.message)) throw tooManyPixels();
    throw new HttpError(415, `This file is not an image we accept: upload a ${acceptedList} file.`);
  }
  let format = metadata.format as string;
  if (format === 'svg') {
    throw new HttpError(
      415,
      `SVG images are not accepted, because they can carry scripts: upload a ${acceptedList} version instead.`,
    );
  }
  // sharp reports AVIF and HEIC both as "heif"; only AV1-compressed ones are AVIF.
  if (format === 'heif') format = metadata.compression === 'av1' ? 'avif' : 'heic';
  if (!(format in acceptedFormats)) {
    throw new HttpError(415, `${format.toUpperCase()} images are not accepted: upload a ${acceptedList} file.`);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new HttpError(422, 'This image could not be read: it may be damaged. Try another file.');
  if (width * height > maxInputPixels) throw tooManyPixels(width, height);
  return { format, width, height };
}

async function encode(pipeline: Sharp, role: ImageFile['role'], format: string): Promise<ImageFile> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  const { mimeType, extension } = acceptedFormats[format === 'jpeg' ? 'jpeg' : format]!;
  return { role, format, mimeType, extension, width: info.width, height: info.pageHeight ?? info.height, data };
}

function asFormat(pipeline: Sharp, format: string): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: false });
    case 'png':
      return pipeline.png({ compressionLevel: 9, effort: 4 });
    case 'gif':
      return pipeline.gif();
    case 'avif':
      return pipeline.avif({ quality: 55, effort: 3 });
    default:
      return pipeline.webp({ quality: 78, effort: 4 });
  }
}

/** Widths of the variants: those of our steps that are not wider than the image, or the image's own width. */
export function variantWidthsFor(width: number): number[] {
  const fitting = variantWidths.filter((step) => step <= width);
  return fitting.length > 0 ? fitting : [width];
}

/**
 * The stored original (re-encoded, so that camera metadata such as location is dropped, and at most 2560 px
 * wide), the WebP variants and the social card. Decoding failures are the upload's fault: 422.
 */
export async function makeImageFiles(input: Buffer, inspected: InspectedImage): Promise<ImageFile[]> {
  try {
    const animated = inspected.format === 'gif' || inspected.format === 'webp';
    const original = await encode(
      asFormat(
        open(input, animated).rotate().resize({ width: maxOriginalWidth, withoutEnlargement: true }),
        inspected.format,
      ),
      'original',
      inspected.format,
    );
    // The original decoded once into pixels, which every smaller copy is made from (decoding is the slow part).
    const { data: pixels, info } = await open(original.data).raw().toBuffer({ resolveWithObject: true });
    const still = sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const files = [original];
    for (const width of variantWidthsFor(original.width)) {
      files.push(await encode(asFormat(still.clone().resize({ width }), 'webp'), 'variant', 'webp'));
    }
    files.push(
      await encode(
        still
          .clone()
          .resize({ ...socialImageSize, fit: 'cover' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: false }),
        'social',
        'jpeg',
      ),
    );
    return files;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(422, 'This image could not be decoded: it may be damaged or incomplete. Try another file.');
  }
}

/** AVIF copies at the widths of the WebP variants; slow, so made after the upload has answered. */
export async function makeAvifVariants(original: Buffer, widths: number[]): Promise<ImageFile[]> {
  const still = open(original).rotate();
  const files: ImageFile[] = [];
  for (const width of widths)
    files.push(await encode(asFormat(still.clone().resize({ width }), 'avif'), 'variant', 'avif'));
  return files;
}
