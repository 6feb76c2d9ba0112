import webpush from 'web-push';
import type { Db } from '../../db/client';
import * as repo from './repo';

/**
 * The server's VAPID key pair, made the first time any instance needs it and kept in the
 * database (push_keys), so every instance signs with the key browsers subscribed with. Read once
 * per process; a failed read (the database away) is tried again at the next need.
 */
export class VapidKeyStore {
  private keys: Promise<repo.VapidKeys> | null = null;

  constructor(private readonly db: Db) {}

  get(): Promise<repo.VapidKeys> {
    this.keys ??= repo.keepVapidKeys(this.db, webpush.generateVAPIDKeys()).catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }
}
