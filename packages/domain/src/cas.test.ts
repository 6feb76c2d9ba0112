import { describe, expect, it } from 'vitest';
import { isMobileUserAgent } from './user-agent';
import { casLoginUrl, casLogoutUrl, casValidateUrl, isServiceTicket, parseCasValidation, parseLogoutRequest, xmlText } from './cas';

const SERVICE = 'https://ullage.example.com/api/cas/callback';

describe('CAS URLs', () => {
  it('builds login, validation (3.0 and 2.0) and logout URLs with the service encoded', () => {
    expect(casLoginUrl('https://cas.example.com/cas/', SERVICE)).toBe('https://cas.example.com/cas/login?service=https%3A%2F%2Fullage.example.com%2Fapi%2Fcas%2Fcallback');
    expect(casValidateUrl('https://cas.example.com/cas', SERVICE, 'ST-1-abc', 3)).toBe(
      'https://cas.example.com/cas/p3/serviceValidate?service=https%3A%2F%2Fullage.example.com%2Fapi%2Fcas%2Fcallback&ticket=ST-1-abc',
    );
    expect(casValidateUrl('https://cas.example.com/cas', SERVICE, 'ST-1-abc', 2)).toContain('/cas/serviceValidate?service=');
    expect(casLogoutUrl('https://cas.example.com/cas', 'https://ullage.example.com/login')).toBe('https://cas.example.com/cas/logout?service=https%3A%2F%2Fullage.example.com%2Flogin');
  });

  it.each([
    ['ST-1-abcDEF012-cas01.example.org', true],
    ['ST-', false],
    ['PGT-1-abc', false],
    ['ST-1 abc', false],
    ['ST-<script>', false],
    [`ST-${'a'.repeat(253)}`, true],
    [`ST-${'a'.repeat(254)}`, false],
  ])('ticket %s is well formed: %s', (ticket, ok) => {
    expect(isServiceTicket(ticket)).toBe(ok);
  });
});

describe('serviceValidate answers', () => {
  it('reads the user of a 3.0 success, with attributes around it', () => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
      <cas:authenticationSuccess>
        <cas:user>li.wei</cas:user>
        <cas:attributes><cas:email>li.wei@example.com</cas:email></cas:attributes>
      </cas:authenticationSuccess>
    </cas:serviceResponse>`;
    expect(parseCasValidation(xml)).toEqual({ ok: true, user: 'li.wei' });
  });

  it('accepts another namespace prefix and escaped characters', () => {
    const xml = `<sso:serviceResponse xmlns:sso="http://www.yale.edu/tp/cas"><sso:authenticationSuccess><sso:user>o&apos;brien&amp;co</sso:user></sso:authenticationSuccess></sso:serviceResponse>`;
    expect(parseCasValidation(xml)).toEqual({ ok: true, user: "o'brien&co" });
  });

  it.each([
    ['INVALID_TICKET', 'Ticket ST-1-abc not recognized'],
    ['INVALID_SERVICE', 'Ticket ST-1-abc does not match supplied service'],
  ])('reads a failure %s with its text', (code, message) => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="${code}">
        ${message}
      </cas:authenticationFailure></cas:serviceResponse>`;
    expect(parseCasValidation(xml)).toEqual({ ok: false, code, message });
  });

  it('refuses a success without a user and an answer that is not CAS at all', () => {
    expect(parseCasValidation('<cas:serviceResponse><cas:authenticationSuccess><cas:user> </cas:user></cas:authenticationSuccess></cas:serviceResponse>')).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
    expect(parseCasValidation('<html><body>Login</body></html>')).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
    expect(parseCasValidation('')).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
  });
});

describe('single logout', () => {
  it('finds the ticket in a SAML logout request', () => {
    const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-1" Version="2.0" IssueInstant="2026-11-22T08:00:00Z">
      <saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>ST-7-xyz</samlp:SessionIndex></samlp:LogoutRequest>`;
    expect(parseLogoutRequest(xml)).toBe('ST-7-xyz');
  });

  it('ignores a request without a well-formed ticket', () => {
    expect(parseLogoutRequest('<samlp:LogoutRequest><samlp:SessionIndex>nope</samlp:SessionIndex></samlp:LogoutRequest>')).toBeNull();
    expect(parseLogoutRequest('garbage')).toBeNull();
  });
});

describe('xml text and phones', () => {
  it('decodes numeric references and CDATA', () => {
    expect(xmlText('&#26446;&#x4f1f;')).toBe('李伟');
    expect(xmlText('<![CDATA[a<b]]>')).toBe('a<b');
  });

  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', true],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36', false],
    [undefined, false],
  ])('%s is a phone: %s', (agent, phone) => {
    expect(isMobileUserAgent(agent)).toBe(phone);
  });
});
