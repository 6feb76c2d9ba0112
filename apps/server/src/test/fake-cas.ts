import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small CAS server for tests and for trying CAS by hand (`npm run fake-cas`): a login form
 * that accepts any user name, single-use service tickets bound to the service they were issued
 * for, `p3/serviceValidate` and `serviceValidate` answers as Apereo CAS gives them, logout,
 * and single-logout requests sent to a service.
 */
export interface FakeCas {
  /** The CAS base URL, e.g. http://127.0.0.1:8443/cas */
  url: string;
  /** Issues a ticket as the login form would (tests that skip the browser). */
  issueTicket(user: string, service: string): string;
  /** POSTs a SAML single-logout request for the ticket to the service URL; answers the HTTP status. */
  singleLogout(ticket: string, service: string): Promise<number>;
  /** The `service` of each /logout visit, in order. */
  logouts: string[];
  /** Validation calls seen, as "p3" or "2". */
  validations: string[];
  close(): Promise<void>;
}

export interface FakeCasOptions {
  port?: number;
  /** false: /p3/serviceValidate answers 404, as a CAS 2.0-only server does. */
  protocol3?: boolean;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

function success(user: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${escapeXml(user)}</cas:user>
    <cas:attributes><cas:authenticationMethod>FakeCas</cas:authenticationMethod></cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`;
}

function failure(code: string, text: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="${code}">${escapeXml(text)}</cas:authenticationFailure>
</cas:serviceResponse>`;
}

function loginPage(service: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Fake CAS</title></head><body style="font-family:sans-serif;max-width:360px;margin:60px auto">
<h1>Fake CAS</h1><p>Any user name signs in. Service: <code>${escapeXml(service)}</code></p>
<form method="post" action="login"><input type="hidden" name="service" value="${escapeXml(service)}">
<label>User name <input id="cas-username" name="username" autofocus></label>
<button id="cas-submit" type="submit">Sign in</button></form></body></html>`;
}

const withTicket = (service: string, ticket: string) => `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;

export async function startFakeCas(options: FakeCasOptions = {}): Promise<FakeCas> {
  const tickets = new Map<string, { user: string; service: string; used: boolean }>();
  const logouts: string[] = [];
  const validations: string[] = [];
  let serial = 0;

  const issueTicket = (user: string, service: string) => {
    const ticket = `ST-${++serial}-${Math.random().toString(36).slice(2, 12)}-fakecas`;
    tickets.set(ticket, { user, service, used: false });
    return ticket;
  };

  const validate = (params: URLSearchParams): string => {
    const ticket = params.get('ticket') ?? '';
    const service = params.get('service') ?? '';
    if (!ticket || !service) return failure('INVALID_REQUEST', 'ticket and service are required');
    const entry = tickets.get(ticket);
    if (!entry || entry.used) return failure('INVALID_TICKET', `Ticket ${ticket} not recognized`);
    // A ticket is good for one validation only, whatever its outcome (as Apereo CAS does).
    entry.used = true;
    if (entry.service !== service) return failure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`);
    return success(entry.user);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-cas');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    if (req.method === 'GET' && url.pathname === '/cas/login') return send(200, 'text/html; charset=utf-8', loginPage(url.searchParams.get('service') ?? ''));
    if (req.method === 'POST' && url.pathname === '/cas/login') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const user = (form.get('username') ?? '').trim();
        const service = form.get('service') ?? '';
        if (!user || !service) return send(400, 'text/plain', 'user name and service are required');
        send(302, 'text/plain', '', { location: withTicket(service, issueTicket(user, service)) });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/cas/p3/serviceValidate') {
      if (options.protocol3 === false) return send(404, 'text/plain', 'not found');
      validations.push('p3');
      return send(200, 'application/xml; charset=utf-8', validate(url.searchParams));
    }
    if (req.method === 'GET' && url.pathname === '/cas/serviceValidate') {
      validations.push('2');
      return send(200, 'application/xml; charset=utf-8', validate(url.searchParams));
    }
    if (req.method === 'GET' && url.pathname === '/cas/logout') {
      const service = url.searchParams.get('service') ?? '';
      logouts.push(service);
      return service ? send(302, 'text/plain', '', { location: service }) : send(200, 'text/html', '<p>Signed out of Fake CAS</p>');
    }
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/cas`,
    issueTicket,
    logouts,
    validations,
    async singleLogout(ticket, service) {
      const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-${++serial}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;
      const response = await fetch(service, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ logoutRequest: xml }).toString() });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
