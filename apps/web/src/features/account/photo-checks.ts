import { PHOTO_MAX_BYTES, PHOTO_TYPES, isSafeFileName } from '@ullage/domain/validation';
import type { MessageKey } from '../../i18n/message-key';

export interface PhotoCandidate {
  name: string;
  type: string;
  size: number;
}

const EXTENSIONS = /\.(jpe?g|png|gif)$/i;

/**
 * Spec §5 photo rules, checked before uploading (the server checks again): jpeg, jpg, png
 * or gif, under 250 KB, a name without special characters. Returns the first problem's
 * message key, or null when the file may be sent.
 */
export function photoProblem(file: PhotoCandidate): MessageKey | null {
  const typeOk = (PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase());
  if (!typeOk || !EXTENSIONS.test(file.name)) return 'account.photo.wrongType';
  if (file.size >= PHOTO_MAX_BYTES) return 'account.photo.tooLarge';
  if (file.size === 0) return 'account.photo.empty';
  if (!isSafeFileName(file.name)) return 'account.photo.badName';
  return null;
}
