import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, type Language } from '@ullage/domain/languages';
import type { Db } from '../../db/client';
import { translator } from '../../i18n/translate';
import { creatorContact } from './repo';

/** An e-mail as the app's mail transport sends it (modules/mail-digest/transport.ts). */
export interface OwnerMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What the sender tells when it disables an endpoint that failed for a day. */
export interface DisabledEndpoint {
  endpointId: number;
  url: string;
  createdBy: number | null;
  failingSince: string;
}

/**
 * Tells an endpoint's owner that the server disabled it (issue 38): an e-mail, in their language,
 * to the account that made it when it has an address. The page shows the same (disabled: failing
 * since …) to everyone who manages it.
 */
export function mailDisabledEndpoint(deps: { db: Db; send: (mail: OwnerMail) => Promise<void>; logger: FastifyBaseLogger; defaultLanguage: Language }) {
  return async (disabled: DisabledEndpoint): Promise<void> => {
    const owner = disabled.createdBy === null ? undefined : await creatorContact(deps.db, disabled.createdBy);
    if (!owner?.email) return;
    const t = translator(owner.language && isLanguage(owner.language) ? owner.language : deps.defaultLanguage);
    const params = { url: disabled.url, since: disabled.failingSince };
    const text = t('webhooks.mail.disabledBody', params);
    await deps.send({ to: owner.email, subject: t('webhooks.mail.disabledSubject', params), text, html: `<p>${escapeHtml(text)}</p>` }).catch((error: unknown) => deps.logger.warn({ err: error, endpointId: disabled.endpointId }, 'webhook owner not mailed'));
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
