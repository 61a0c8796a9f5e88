/**
 * A website's domain (README « Domains »): what the owner typed, and the normalised name the
 * server compares with the request's Host — lower case, an internationalised name in its ASCII
 * (punycode) form, no trailing dot. A scheme, a port, a path or an IP address is refused.
 */
import { domainToASCII } from 'node:url';
import { badRequest } from '@comptoir/sdk';
import { DOMAIN_INVALID } from '../../messages.ts';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The normalised domain, or null when it is not a host name. */
export function normalizeDomain(domain: string): string | null {
  const typed = domain.trim().toLowerCase().replace(/\.$/, '');
  if (!typed || /[/:@\s]/.test(typed)) return null;
  const ascii = domainToASCII(typed);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  // an address is not a domain (and 127.0.0.1 belongs to the shell)
  if (labels.every((l) => /^\d+$/.test(l))) return null;
  return ascii;
}

export function checkedDomain(domain: string): string {
  const normalized = normalizeDomain(domain);
  if (!normalized) throw badRequest(DOMAIN_INVALID(domain), [{ field: 'domain', message: DOMAIN_INVALID(domain) }]);
  return normalized;
}
