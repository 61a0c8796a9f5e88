/**
 * The kernel schemas validated as the server validates them (ajv with useDefaults): the defaults of
 * the spec are filled, bad values are refused, and the numbering helpers format as platform README « Platform rules and constants », « Numbering » says.
 */
import { expect } from 'chai';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import {
  AccessTokenCreateInput, AccessTokenUpdateInput, ActivityCreateInput, Activity, Address, ARCHIVE_FREQUENCIES,
  archiveCounterKind, Company, CompanyCreateInput, CompanySettingsCreateInput, CompanyUpdateInput,
  ConfirmationCodeCreateInput, COUNTER_MIN_DIGITS, DOCUMENT_MIN_DIGITS, formatDocumentNumber, NUMBERING_KIND_PATTERN,
  formatVersion, INVALID_ARCHIVE_FREQUENCY_MESSAGE, Permission, Role,
  RoleCreateInput, RoleUpdateInput, ServerSettings, ServerSettingsCreateInput, ServerSettingsUpdateInput,
  Session, SESSION_DURATION_MS, SessionUpdateInput, SMTPSettingsCreateInput, UNKNOWN_SESSION_LABEL, User,
  UserAdminTheme, UserCompanyProfileCreateInput, UserCompanyProfileUpdateInput, UserCreateInput, UserPublic,
  UserServerSettings, UserUpdateInput, userDisplayName, Version,
  type NumberingSetting, type RoleCreateInput as RoleCreateBody, type UserCreateInput as UserCreateBody,
} from '../src/index.ts';

// ajv-formats is CommonJS: its default export arrives as the module object or as the function
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as
  unknown as (ajv: Ajv) => Ajv;

const ajv = new Ajv({ useDefaults: true, strict: false });
addFormats(ajv);

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Validates `value` in place (defaults filled) and returns it with the errors. */
function validate(schema: TSchema, value: unknown): { ok: boolean; value: Doc; errors: ErrorObject[] } {
  const fn = ajv.compile(schema);
  const ok = fn(value);
  return { ok, value: value as Doc, errors: fn.errors ?? [] };
}

function accepted(schema: TSchema, value: unknown): Doc {
  const r = validate(schema, value);
  expect(r.errors, JSON.stringify(r.errors)).to.deep.equal([]);
  expect(r.ok).to.equal(true);
  return r.value;
}

/** Refused, and (when given) for the expected reason: the keyword of the first error. */
function refused(schema: TSchema, value: unknown, keyword?: string): ErrorObject[] {
  const r = validate(schema, value);
  expect(r.ok, `accepted ${JSON.stringify(value)}`).to.equal(false);
  if (keyword) expect(r.errors[0].keyword, JSON.stringify(r.errors)).to.equal(keyword);
  return r.errors;
}

const ID = '0123456789abcdef01234567';
const OTHER_ID = '76543210fedcba9876543210';
const NOW = '2026-11-03T10:00:00.000Z';
const HASH = 'a'.repeat(64);
const ARGON = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const metadata = { creationDate: NOW, lastModificationDate: NOW, createdBy: null, lastModifiedBy: null };

describe('kernel schemas: defaults filled on creation', () => {
  it('User: gender secret, theme light, no active company, empty lists', () => {
    const u = accepted(UserCreateInput, { email: 'jeanne@example.fr' });
    expect(u.gender).to.equal('secret');
    expect(u.settings).to.deep.equal({ theme: 'light', activeCompanyId: null });
    expect(u.addresses).to.deep.equal([]);
    expect(u.pushNotificationsSettings).to.deep.equal([]);
    expect(u.attachments).to.deep.equal([]);
  });

  it('User: an address is for delivery and invoicing by default, a push setting pushes, sends email and signal', () => {
    const u = accepted(UserCreateInput, {
      email: 'jeanne@example.fr',
      addresses: [{ address: '1 rue de la Paix', city: 'Paris', zipCode: '75002' }],
      pushNotificationsSettings: [{ pushNotification: 'invoicing.invoice.paid' }],
    });
    expect(u.addresses[0]).to.include({ delivery: true, invoicing: true });
    expect(u.pushNotificationsSettings[0]).to.deep.equal({
      pushNotification: 'invoicing.invoice.paid', push: true, email: true, signal: true, browserSessions: [],
    });
  });

  it('UserCompanyProfile: gender secret, a phone is typed home', () => {
    const p = accepted(UserCompanyProfileCreateInput, { phones: [{ value: '0102030405' }] });
    expect(p.gender).to.equal('secret');
    expect(p.phones).to.deep.equal([{ type: 'home', value: '0102030405' }]);
    expect(p.addresses).to.deep.equal([]);
  });

  it('UserServerSettings: explorers browse as a tree, nothing selected', () => {
    const s = accepted(UserServerSettings, { standardGroupExplorers: [{ pluginId: 'contacts' }] });
    expect(s.standardGroupExplorers).to.deep.equal([{ pluginId: 'contacts', mode: 'tree', selectedGroup: null }]);
    expect(s.lastWebsitePreviewId).to.equal(null);
  });

  it('UserAdminTheme: bootstrap, light panels with info alert headers, muted side menu', () => {
    expect(accepted(UserAdminTheme, {})).to.deep.equal({
      name: 'bootstrap',
      dark: false,
      panelSettings: {
        border: false, outline: false, inverse: false, color: 'light', headerColor: 'info', headerMode: 'alert',
      },
      sideMenuSettings: { alertStyleByDefault: true, textColor: 'muted' },
    });
  });

  it('Role: company mode, not god, no permissions, no company until the server sets it', () => {
    expect(accepted(RoleCreateInput, { name: 'Comptable' })).to.deep.equal({
      name: 'Comptable', permissions: [], mode: 'company', god: false, fk: { company: null },
    });
  });

  it('Permission: company mode', () => {
    const p = accepted(Permission, { category: 'Factures', sysName: 'invoicing.invoices.write', name: 'Modifier' });
    expect(p.mode).to.equal('company');
  });

  it('ServerSettings: companies may be created, users may not register, no private props', () => {
    expect(accepted(ServerSettingsCreateInput, {})).to.deep.equal({
      enabled: true,
      name: 'Default',
      globalPermissions: { allowCompanyCreation: true, allowUserRegistration: false },
      userProps: {
        allowCompaniesToCreatePrivateProps: false,
        allowCompaniesToCreatePrivatePropsWithIndex: false,
        allowCompaniesToCreatePrivatePropsWithFullTextIndex: false,
      },
    });
  });

  it('SMTPSettings: port 465, secure', () => {
    const s = accepted(SMTPSettingsCreateInput, { host: 'smtp.example.fr' });
    expect(s).to.include({ port: 465, secure: true });
    expect(s.tls).to.deep.equal({});
  });

  it('Company: subject to VAT, rounded-total, no fiscal years', () => {
    const c = accepted(CompanyCreateInput, { name: 'Boulangerie Martin' });
    expect(c).to.include({ subjectToVAT: true, vatCalculationMethod: 'rounded-total' });
    expect(c.fiscalYears).to.deep.equal([]);
    expect(c.attachments).to.deep.equal([]);
  });

  it('Company: numbering starts empty (the kinds and their defaults belong to the plugins)', () => {
    const { numbering } = accepted(CompanyCreateInput, { name: 'Boulangerie Martin' });
    expect(numbering).to.deep.equal({});
  });

  it('Company: a numbering entry given in part is kept as given (the numbering service fills the rest)', () => {
    const { numbering } = accepted(CompanyCreateInput, { name: 'M', numbering: { invoice: { prefix: 'FA-', next: 42 }, zReceipt: {} } });
    expect(numbering).to.deep.equal({ invoice: { prefix: 'FA-', next: 42 }, zReceipt: {} });
  });

  it('CompanySettings: phone country FR', () => {
    const s = accepted(CompanySettingsCreateInput, {});
    expect(s.defaultPhoneNumberCountryCode).to.equal('FR');
    expect(s.addressAutocomplete).to.deep.equal({});
  });

  it('AccessToken, ConfirmationCode: empty references are null', () => {
    expect(accepted(AccessTokenCreateInput, { name: 'Export comptable' }).fk).to.deep.equal({ linkedObject: null });
    expect(accepted(ConfirmationCodeCreateInput, { type: 'email' })).to.deep.equal({
      type: 'email', newAccount: false, userId: null, customerId: null,
    });
  });

  it('Activity: no tags, no company, no object, no author', () => {
    const a = accepted(ActivityCreateInput, { type: 'info', description: 'Appel du client' });
    expect(a.tags).to.deep.equal([]);
    expect(a.fk).to.deep.equal({ companies: [], company: null, object: null, by: null });
  });

  it('Session: not revoked, device info parts present', () => {
    const s = accepted(Session, {
      _id: ID, tokenHash: HASH, userId: ID, expiration: NOW, lastAction: NOW, metadata, fk: {},
    });
    expect(s).to.include({ revoked: false, revokedAt: null });
    expect(s.deviceInfo).to.deep.equal({ browser: {}, os: {}, platform: {}, engine: {} });
  });
});

describe('kernel schemas: bad values refused', () => {
  it('an unknown field, in a body or in its fk', () => {
    const errors = refused(UserCreateInput, { email: 'a@b.fr', isAdmin: true });
    expect(errors[0]).to.include({ keyword: 'additionalProperties' });
    expect(errors[0].params).to.deep.equal({ additionalProperty: 'isAdmin' });
    refused(RoleCreateInput, { name: 'R', fk: { user: ID } }, 'additionalProperties');
  });

  it('server-managed fields: password hash, roles, memberships, _id, metadata', () => {
    refused(UserCreateInput, { email: 'a@b.fr', password: ARGON }, 'additionalProperties');
    refused(UserCreateInput, { email: 'a@b.fr', roles: [ID] }, 'additionalProperties');
    refused(UserCreateInput, { email: 'a@b.fr', fk: { companies: [ID] } }, 'additionalProperties');
    refused(UserUpdateInput, { password: ARGON }, 'additionalProperties');
    refused(RoleCreateInput, { name: 'R', _id: ID }, 'additionalProperties');
    refused(RoleCreateInput, { name: 'R', metadata }, 'additionalProperties');
    refused(AccessTokenCreateInput, { name: 'T', tokenHash: HASH }, 'additionalProperties');
    refused(SessionUpdateInput, { revoked: false }, 'additionalProperties');
  });

  it('a missing required field, a malformed e-mail', () => {
    const errors = refused(UserCreateInput, {});
    expect(errors[0].params).to.deep.equal({ missingProperty: 'email' });
    refused(UserCreateInput, { email: 'pas-un-email' }, 'format');
    refused(RoleCreateInput, {}, 'required');
    refused(CompanyCreateInput, {}, 'required');
    refused(SMTPSettingsCreateInput, {}, 'required');
  });

  it('values outside a closed list', () => {
    refused(RoleCreateInput, { name: 'R', mode: 'server' }, 'enum');
    refused(CompanyCreateInput, { name: 'M', vatCalculationMethod: 'rounded' }, 'enum');
    refused(ActivityCreateInput, { type: 'comment' }, 'enum');
    refused(Permission, { category: 'c', sysName: 's', name: 'n', mode: 'all' }, 'enum');
  });

  it('bad identifiers, dates, numbers and codes', () => {
    refused(RoleCreateInput, { name: 'R', fk: { company: 'abc' } }, 'pattern');
    refused(UserCreateInput, { email: 'a@b.fr', birthdate: '31/12/1990' }, 'format');
    refused(SMTPSettingsCreateInput, { host: 'smtp', port: 70000 }, 'maximum');
    refused(CompanyCreateInput, { name: 'M', numbering: { invoice: { next: 0 } } }, 'minimum');
    refused(CompanyCreateInput, { name: 'M', numbering: { invoice: { minDigits: 2.5 } } }, 'type');
    refused(CompanyCreateInput, { name: 'M', numbering: { 'Credit-note': {} } }, 'additionalProperties');
    refused(CompanyCreateInput, { name: 'M', numbering: { invoice: { start: 3 } } }, 'additionalProperties');
    refused(CompanySettingsCreateInput, { defaultPhoneNumberCountryCode: 'fr' }, 'pattern');
    refused(Address, { latitude: 91 }, 'maximum');
    refused(ActivityCreateInput, { type: 'info', objectType: 'Kernel Users' }, 'pattern');
    refused(Version, { major: 1, minor: -1, build: 0 }, 'minimum');
  });

  it('a stored password must be an argon2id hash, a stored token a SHA-256', () => {
    const user = {
      _id: ID, email: 'a@b.fr', metadata, fk: { companies: [ID] }, settings: { activeCompanyId: ID },
    };
    accepted(User, { ...user, password: ARGON });
    refused(User, { ...user, password: 'motdepasse' }, 'pattern');
    const session = { _id: ID, userId: ID, expiration: NOW, lastAction: NOW, metadata, fk: {} };
    refused(Session, { ...session, tokenHash: 'A'.repeat(64) }, 'pattern');
    refused(Session, { ...session, tokenHash: 'a'.repeat(63) }, 'pattern');
  });

  it('entity schemas are closed too', () => {
    refused(Role, { _id: ID, name: 'R', metadata, fk: {}, token: 'x' }, 'additionalProperties');
    refused(ServerSettings, { _id: ID, metadata, fk: {}, userProps: { somethingElse: true } }, 'additionalProperties');
  });
});

describe('kernel schemas: update bodies', () => {
  it('fill no default: a field not sent keeps its stored value', () => {
    expect(accepted(RoleUpdateInput, {})).to.deep.equal({});
    expect(accepted(ServerSettingsUpdateInput, { name: 'Prod' })).to.deep.equal({ name: 'Prod' });
    expect(accepted(UserUpdateInput, { firstname: 'Jeanne' })).to.deep.equal({ firstname: 'Jeanne' });
    expect(accepted(CompanyUpdateInput, { brandName: 'Chez Martin' })).to.deep.equal({ brandName: 'Chez Martin' });
  });

  it('have every field optional, including the ones required at creation', () => {
    accepted(RoleUpdateInput, { god: true });
    accepted(AccessTokenUpdateInput, { name: 'Renommé' });
  });

  it('refuse moving a record to another company or user', () => {
    refused(RoleUpdateInput, { fk: { company: OTHER_ID } }, 'additionalProperties');
    refused(UserCompanyProfileUpdateInput, { fk: { user: OTHER_ID } }, 'additionalProperties');
    refused(AccessTokenUpdateInput, { fk: { linkedObject: OTHER_ID } }, 'additionalProperties');
  });

  it('a numbering sent keeps only what it gives', () => {
    const c = accepted(CompanyUpdateInput, { numbering: { invoice: { prefix: 'F' } } });
    expect(c.numbering).to.deep.equal({ invoice: { prefix: 'F' } });
  });
});

describe('kernel schemas: answers', () => {
  it('UserPublic has no password', () => {
    expect(UserPublic.properties).not.to.have.property('password');
    expect(User.properties).to.have.property('password');
  });

  it('Activity stores the kind of object it concerns', () => {
    accepted(Activity, {
      _id: ID, date: NOW, type: 'jsonPatch', data: [{ op: 'replace', path: '/name', value: 'B' }], by: ID,
      objectType: 'kernel.users', metadata, fk: { companies: [ID], company: ID, object: OTHER_ID, by: ID },
    });
  });

  it('Company: the full entity validates', () => {
    accepted(Company, {
      _id: ID, name: 'Boulangerie Martin', capital: 1000, email: 'contact@martin.fr',
      address: { address: '2 place du Marché', city: 'Lyon', zipCode: '69001' },
      fiscalYears: [{ name: '2026', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-12-31T22:59:59.999Z' }],
      metadata, fk: {},
    });
  });
});

describe('formatDocumentNumber', () => {
  const invoice: NumberingSetting = { next: 1, minDigits: 7, prefix: '', suffix: '' };

  it('left-pads with zeros to the minimum digit count', () => {
    expect(formatDocumentNumber(invoice, 1)).to.equal('0000001');
    expect(formatDocumentNumber(invoice, 42)).to.equal('0000042');
  });

  it('adds the prefix and the suffix', () => {
    expect(formatDocumentNumber({ ...invoice, prefix: 'FA-', suffix: '-2026' }, 42)).to.equal('FA-0000042-2026');
    expect(formatDocumentNumber({ minDigits: 3, prefix: 'Z' }, 7)).to.equal('Z007');
  });

  it('keeps a number longer than the minimum whole', () => {
    expect(formatDocumentNumber(invoice, 12345678)).to.equal('12345678');
    expect(formatDocumentNumber(invoice, 1234567)).to.equal('1234567');
  });

  it('does not pad counters with one digit minimum', () => {
    expect(formatDocumentNumber({ minDigits: 1 }, 5)).to.equal('5');
    expect(formatDocumentNumber({ minDigits: 1 }, 123)).to.equal('123');
  });

  it('formats the spec defaults', () => {
    expect(formatDocumentNumber({ minDigits: DOCUMENT_MIN_DIGITS }, 1)).to.equal('0000001');
    expect(formatDocumentNumber({ minDigits: COUNTER_MIN_DIGITS }, 1)).to.equal('1');
  });

  it('refuses a negative or fractional number', () => {
    expect(() => formatDocumentNumber(invoice, -1)).to.throw(RangeError);
    expect(() => formatDocumentNumber(invoice, 1.5)).to.throw(RangeError);
    expect(() => formatDocumentNumber(invoice, Number.NaN)).to.throw(RangeError);
  });
});

describe('archiveCounterKind', () => {
  it('maps each archive frequency to its counter', () => {
    expect(archiveCounterKind('daily')).to.equal('archiveDaily');
    expect(archiveCounterKind('monthly')).to.equal('archiveMonthly');
    expect(archiveCounterKind('yearly')).to.equal('archiveYearly');
    expect(archiveCounterKind('fiscal-yearly')).to.equal('archiveFiscalYearly');
    for (const f of ARCHIVE_FREQUENCIES) expect(archiveCounterKind(f)).to.match(new RegExp(NUMBERING_KIND_PATTERN));
  });

  it('throws the spec message, verbatim, on any other frequency', () => {
    const message = 'Invalid Archive Frequency to determine the next document sequencial number';
    expect(INVALID_ARCHIVE_FREQUENCY_MESSAGE).to.equal(message);
    for (const f of ['weekly', '', 'Daily', 'toString', '__proto__']) {
      expect(() => archiveCounterKind(f), f).to.throw(Error, message);
    }
  });
});

describe('userDisplayName, formatVersion, session constants', () => {
  it('joins civ, firstname and name, skipping the missing parts', () => {
    expect(userDisplayName({ civ: 'Mme', firstname: 'Jeanne', name: 'Martin' })).to.equal('Mme Jeanne Martin');
    expect(userDisplayName({ firstname: 'Jeanne', name: 'Martin' })).to.equal('Jeanne Martin');
    expect(userDisplayName({ civ: null, firstname: ' ', name: 'Martin' })).to.equal('Martin');
    expect(userDisplayName({})).to.equal('');
  });

  it('shows a version as major.minor.build', () => {
    expect(formatVersion({ major: 1, minor: 12, build: 0 })).to.equal('1.12.0');
  });

  it('sessions last 180 days; an unknown one is « (session inconnue) »', () => {
    expect(SESSION_DURATION_MS).to.equal(180 * 24 * 60 * 60 * 1000);
    expect(UNKNOWN_SESSION_LABEL).to.equal('(session inconnue)');
  });
});

// Compile-time checks of the derived body types (tsc fails if a derivation regresses).
export function typeChecks(): void {
  const user: UserCreateBody = { email: 'a@b.fr', settings: { theme: 'dark', activeCompanyId: null } };
  // @ts-expect-error email is required at creation
  const noEmail: UserCreateBody = { name: 'Martin' };
  // @ts-expect-error the password hash is not part of the body
  const withHash: UserCreateBody = { email: 'a@b.fr', password: ARGON };
  const role: RoleCreateBody = { name: 'R', fk: {} };
  // @ts-expect-error mode is a closed list
  const badMode: RoleCreateBody = { name: 'R', mode: 'server' };
  void [user, noEmail, withHash, role, badMode];
}
