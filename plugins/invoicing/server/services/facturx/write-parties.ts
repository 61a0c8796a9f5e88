/**
 * Writes the trade parties (TradePartyType) in the order of the Factur-X 1.09 EN16931 XSD:
 * GlobalID, Name, Description, SpecifiedLegalOrganization, DefinedTradeContact,
 * PostalTradeAddress, URIUniversalCommunication, SpecifiedTaxRegistration.
 */
import type { create } from 'xmlbuilder2';
import { SCHEME_FISCAL, SCHEME_SIREN, SCHEME_SIRET, SCHEME_VAT } from './codes.ts';
import type { CiiAddress, CiiParty } from './types.ts';

/** An element being written (xmlbuilder2 does not export its builder type from its entry point). */
export type XMLBuilder = ReturnType<typeof create>;

/** A child element with a text, left out when the text is absent. */
export function leaf(parent: XMLBuilder, name: string, value: string | undefined, attributes?: Record<string, string>): void {
  if (value === undefined) return;
  (attributes ? parent.ele(name, attributes) : parent.ele(name)).txt(value);
}

export function writeAddress(parent: XMLBuilder, a: CiiAddress): void {
  const el = parent.ele('ram:PostalTradeAddress');
  leaf(el, 'ram:PostcodeCode', a.postcode);
  leaf(el, 'ram:LineOne', a.line1);
  leaf(el, 'ram:LineTwo', a.line2);
  leaf(el, 'ram:CityName', a.city);
  leaf(el, 'ram:CountryID', a.country);
}

export function writeParty(parent: XMLBuilder, element: string, p: CiiParty): void {
  const el = parent.ele(element);
  leaf(el, 'ram:GlobalID', p.siret, { schemeID: SCHEME_SIRET });
  leaf(el, 'ram:Name', p.name);
  leaf(el, 'ram:Description', p.description);
  if (p.siren || p.tradingName) {
    const org = el.ele('ram:SpecifiedLegalOrganization');
    leaf(org, 'ram:ID', p.siren, { schemeID: SCHEME_SIREN });
    leaf(org, 'ram:TradingBusinessName', p.tradingName);
  }
  if (p.contact) {
    const contact = el.ele('ram:DefinedTradeContact');
    leaf(contact, 'ram:PersonName', p.contact.person);
    if (p.contact.phone) contact.ele('ram:TelephoneUniversalCommunication').ele('ram:CompleteNumber').txt(p.contact.phone);
    if (p.contact.email) contact.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(p.contact.email);
  }
  writeAddress(el, p.address);
  if (p.endpoint) el.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: p.endpoint.scheme }).txt(p.endpoint.id);
  if (p.vatNumber) el.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: SCHEME_VAT }).txt(p.vatNumber);
  if (p.fiscalId) el.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: SCHEME_FISCAL }).txt(p.fiscalId);
}
