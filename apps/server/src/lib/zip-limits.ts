import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * Unpacks a zip (an xlsx is one) within limits, before anything parses it: a file of a few
 * hundred KB can hold a cell of hundreds of MB (issue 20 #18). The zip is read by yauzl, a
 * maintained reader: the count and declared sizes come from its central directory and are checked
 * first, then the inflated bytes themselves as they stream (a declared size can lie), the stream
 * stopped as soon as all entries together pass the limit. Inflating runs on libuv's thread pool
 * (zlib streams), so the event loop stays free meanwhile.
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

// Entries are read one at a time (lazyEntries). Sizes are checked here rather than by yauzl
// (validateEntrySizes), so that an entry inflating past a lying header is refused by the limit it
// passes, as one whose header tells the truth is.
const OPTIONS: yauzl.Options = { lazyEntries: true, validateEntrySizes: false, strictFileNames: false };

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, OPTIONS, (error, zip) => (error ? reject(error) : resolve(zip))));

/** Every entry of the central directory, in order (no entry is inflated yet). */
const entriesOf = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });

const openStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));

/** Every entry's unpacked bytes by name; ZipLimitError when a limit is passed or the zip is broken. */
export async function unzipWithin(bytes: Buffer, limits: ZipLimits): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw new ZipLimitError('unreadable');
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipLimitError('zipEntries', limits.maxEntries);
    const entries = await entriesOf(zip);
    // A ZIP64 size is far past any limit here.
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > limits.maxUnzippedBytes) throw new ZipLimitError('unzippedSize', limits.maxUnzippedBytes);

    const files = new Map<string, Buffer>();
    let total = 0;
    for (const entry of entries) {
      const stream = await openStream(zip, entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limits.maxUnzippedBytes) {
          stream.destroy();
          throw new ZipLimitError('unzippedSize', limits.maxUnzippedBytes);
        }
        chunks.push(chunk);
      }
      files.set(entry.fileName, Buffer.concat(chunks));
    }
    return files;
  } catch (error) {
    throw error instanceof ZipLimitError ? error : new ZipLimitError('unreadable');
  } finally {
    zip.close();
  }
}
