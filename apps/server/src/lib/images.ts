import { fitsScreen, IMAGE_MAX_SIDE_PX, imageSize, type ImageSize } from '@ullage/domain/image-header';
import type { MessageKey } from '../i18n/en';
import type { FieldRule } from '../plugins/errors';

/** Image types recognised by their first bytes, so a renamed file cannot pass as an image. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif';

export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  return undefined;
}

const DATA_URL = /^data:([a-z/+.-]+);base64,([A-Za-z0-9+/=]+)$/;

/** The declared type, the decoded bytes, the type the bytes really are and the pixel size their header declares. */
export function decodeImageDataUrl(dataUrl: string): { declared: string; bytes: Buffer; actual: ImageType | undefined; size: ImageSize | null } | undefined {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return undefined;
  const bytes = Buffer.from(match[2]!, 'base64');
  return { declared: match[1]!, bytes, actual: sniffImage(bytes), size: imageSize(bytes) };
}

/**
 * What an uploaded image's declared size breaks, or null (issue 32 item 5): a header with no
 * readable size is not an image of its type (`typeRule`), and a side over IMAGE_MAX_SIDE_PX is
 * refused with both sizes named — a few bytes can declare 60,000 × 60,000 pixels, which every
 * browser shown the picture would try to decode. Read from the header, before anything is stored.
 */
export function imageSizeProblem(field: string, size: ImageSize | null, typeRule: MessageKey): FieldRule | null {
  if (!size) return { field, rule: typeRule };
  if (!fitsScreen(size)) return { field, rule: 'rule.imageDimensions', params: { max: IMAGE_MAX_SIDE_PX, width: size.width, height: size.height } };
  return null;
}
