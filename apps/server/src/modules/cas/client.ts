import { casValidateUrl, parseCasValidation, type CasValidation } from '@ullage/domain/cas';

export interface CasSettings {
  url: string;
  serviceUrl: string;
}

/** The CAS server did not answer, or answered something that is not a validation. */
export class CasUnreachable extends Error {}

const TIMEOUT_MS = 5_000;

/**
 * Validates a service ticket on the server side: protocol 3.0 first, and 2.0 when the CAS
 * server does not know `/p3/serviceValidate` (older servers answer 404).
 */
export async function validateTicket(cas: CasSettings, ticket: string): Promise<CasValidation> {
  const three = await fetchValidation(casValidateUrl(cas.url, cas.serviceUrl, ticket, 3));
  if (three !== 404) return three;
  const two = await fetchValidation(casValidateUrl(cas.url, cas.serviceUrl, ticket, 2));
  if (two === 404) throw new CasUnreachable('neither p3/serviceValidate nor serviceValidate exists');
  return two;
}

async function fetchValidation(url: string): Promise<CasValidation | 404> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/xml, text/xml' }, redirect: 'error' });
  } catch (error) {
    throw new CasUnreachable(error instanceof Error ? error.message : String(error));
  }
  if (response.status === 404) return 404;
  if (!response.ok) throw new CasUnreachable(`HTTP ${response.status}`);
  return parseCasValidation(await response.text());
}
