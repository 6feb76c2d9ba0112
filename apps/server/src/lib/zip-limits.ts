import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Unpacks a zip (an xlsx is one) within limits, before anything parses it: a file of a few
 * hundred KB can hold a cell of hundreds of MB (issue 20 #18). Each entry's declared size is
 * checked from the central directory first, then the inflated bytes themselves (a declared size
 * can lie), with zlib stopping at the limit. Inflating runs on libuv's thread pool, so the
 * event loop stays free meanwhile.
 */
export interface ZipLimits {
  maxEntries: number;
  /** All entries together, unpacked. */
  maxUnzippedBytes: number;
}

export type ZipRefusal = 'zipEntries' | 'unzippedSize' | 'unreadable';

export class ZipLimitError extends Error {
  constructor(
    readonly refusal: ZipRefusal,
    readonly limit?: number,
  ) {
    super(`zip refused: ${refusal}${limit === undefined ? '' : ` (limit ${limit})`}`);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const inflateRaw = promisify(zlib.inflateRaw) as (buffer: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

function centralDirectory(bytes: Buffer, maxEntries: number): Entry[] {
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipLimitError('unreadable');
  const count = bytes.readUInt16LE(eocd + 10);
  if (count > maxEntries) throw new ZipLimitError('zipEntries', maxEntries);
  let at = bytes.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new ZipLimitError('unreadable');
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      // 0xffffffff means a ZIP64 size: far past any limit here.
      declaredSize: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** Every entry's unpacked bytes by name; ZipLimitError when a limit is passed or the zip is broken. */
export async function unzipWithin(bytes: Buffer, limits: ZipLimits): Promise<Map<string, Buffer>> {
  if (bytes.length < 22) throw new ZipLimitError('unreadable');
  const entries = centralDirectory(bytes, limits.maxEntries);
  let declared = 0;
  for (const entry of entries) declared += entry.declaredSize;
  if (declared > limits.maxUnzippedBytes) throw new ZipLimitError('unzippedSize', limits.maxUnzippedBytes);

  const files = new Map<string, Buffer>();
  let total = 0;
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw new ZipLimitError('unreadable');
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new ZipLimitError('unreadable');
    const room = limits.maxUnzippedBytes - total;
    let content: Buffer;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) {
      try {
        // One byte past the room left, so passing it shows as a longer output, not a silent cut.
        content = await inflateRaw(data, { maxOutputLength: Math.max(1, room + 1) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipLimitError('unzippedSize', limits.maxUnzippedBytes);
        throw new ZipLimitError('unreadable');
      }
    } else throw new ZipLimitError('unreadable');
    total += content.length;
    if (total > limits.maxUnzippedBytes) throw new ZipLimitError('unzippedSize', limits.maxUnzippedBytes);
    files.set(entry.name, content);
  }
  return files;
}
