import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Hashed a slice at a time with a turn of the event loop between: a firmware image of 64 MB would hold it for a while. */
const HASH_SLICE_BYTES = 4 * 1024 * 1024;

async function sha256Of(bytes: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < bytes.length; at += HASH_SLICE_BYTES) {
    hash.update(bytes.subarray(at, at + HASH_SLICE_BYTES));
    if (at + HASH_SLICE_BYTES < bytes.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}

/**
 * Uploaded files under DATA_DIR/files/<kind>/, named by their SHA-256 so a name from the
 * client never reaches the file system and the same bytes are stored once.
 */
export class FileStore {
  constructor(private readonly root: string) {}

  async put(kind: string, bytes: Buffer, extension: string): Promise<string> {
    const name = `${await sha256Of(bytes)}.${extension}`;
    const dir = path.join(this.root, 'files', kind);
    await fs.mkdir(dir, { recursive: true });
    const target = path.join(dir, name);
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
    return name;
  }

  /** The bytes of a stored file, or undefined; only names this store made are accepted. */
  async get(kind: string, name: string): Promise<Buffer | undefined> {
    if (!/^[0-9a-f]{64}\.(png|jpg|gif)$/.test(name)) return undefined;
    return fs.readFile(path.join(this.root, 'files', kind, name)).catch(() => undefined);
  }
}
