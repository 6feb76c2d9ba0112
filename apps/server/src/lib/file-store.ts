import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded files under DATA_DIR/files/<kind>/, named by their SHA-256 so a name from the
 * client never reaches the file system and the same bytes are stored once.
 */
export class FileStore {
  constructor(private readonly root: string) {}

  async put(kind: string, bytes: Buffer, extension: string): Promise<string> {
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
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
