import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FirmwareExtension } from '@ullage/domain/firmware';
import { FileStore } from '../../lib/file-store';

const KIND = 'firmware';
const STORED_NAME = /^[0-9a-f]{64}\.(bin|exe)$/;

/**
 * Firmware files under DATA_DIR/files/firmware/, named `<sha256>.<bin|exe>` by the file store
 * (a name from the client never reaches the file system; the same image is stored once).
 * Devices download them as a stream: an image may be tens of megabytes.
 */
export class FirmwareStore {
  private readonly files: FileStore;

  constructor(private readonly dataDir: string) {
    this.files = new FileStore(dataDir);
  }

  /** Stores the bytes; answers the stored name, whose first 64 characters are the SHA-256. */
  async put(bytes: Buffer, extension: FirmwareExtension): Promise<{ storedName: string; sha256: string }> {
    const storedName = await this.files.put(KIND, bytes, extension);
    return { storedName, sha256: storedName.slice(0, 64) };
  }

  /** A stream of a stored file and its size, or undefined when it is gone. */
  async open(storedName: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    if (!STORED_NAME.test(storedName)) return undefined;
    const file = path.join(this.dataDir, 'files', KIND, storedName);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return { stream: createReadStream(file), size: stat.size };
  }
}
