/**
 * The PBX configuration entities (spec 001 §3 « Telephony »): number lists, contexts and their props,
 * servers, SIP users, dial plans, first-configuration SIP numbers, private scrappers. Defaults and
 * ports from §9.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, Entity, Id, Str, Text, Nullable } from '@comptoir/schemas';

/** a dialable number or a SIP extension: digits, an optional leading +, and the dialplan's * and # */
export const PhoneNumber = Str({ minLength: 1, maxLength: 40, pattern: '^\\+?[0-9*#]+$' });

/** a number as people type it in a list (« 06 12 34 56 78 », « +33 (0)6.12… »): compared on its digits */
export const TypedPhoneNumber = Str({ minLength: 1, maxLength: 40, pattern: '^\\+?[0-9*#][0-9*# .()-]*$' });

export const CallNumberList = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  numbers: Type.Array(TypedPhoneNumber, { default: [], maxItems: 5000 }),
  color: Type.Optional(Str({ pattern: '^#[0-9a-fA-F]{6}$' })),
}, { company: Id() });
export type CallNumberList = Static<typeof CallNumberList>;

/** an Asterisk configuration line: `name = value` (equal) or `name => value` (arrow) */
export const Prop = Type.Object({
  name: Str({ minLength: 1, pattern: '^[A-Za-z0-9_.-]+$' }),
  // optional in a body: the entity's derive fills the defaults (value '', symbol equal)
  value: Type.Optional(Str({ default: '', pattern: '^[^\\r\\n]*$' })),
  description: Type.Optional(Str()),
  symbol: Type.Optional(Type.Union([Type.Literal('equal'), Type.Literal('arrow')], { default: 'equal' })),
  uuid: Type.Optional(Str()),
}, { additionalProperties: false });
export type Prop = Static<typeof Prop>;
export const propWithDefaults = (p: Prop): Prop => ({ ...p, value: p.value ?? '', symbol: p.symbol ?? 'equal' });

/** a context's or a user's name in an Asterisk configuration file: no brackets, spaces or line breaks */
const ConfName = Str({ minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_.@+-]+$' });

export const Context = Entity({
  name: ConfName,
  description: Type.Optional(Text()),
  /** spec: file, default sip — the configuration file the context is written to */
  file: Str({ default: 'sip', pattern: '^[a-z0-9_-]+$' }),
  props: Type.Array(Prop, { default: [], maxItems: 500 }),
}, {
  company: Id(),
  /** not in the spec: the call-routing queue that answers the calls of this context (README « Call routing ») */
  queue: Type.Optional(Nullable(Id())),
});
export type Context = Static<typeof Context>;

export const Server = Entity({
  name: Str({ minLength: 1 }),
  host: Str({ minLength: 1 }),
  /** spec §9: telephony server 12020 (the FastAGI port) */
  port: Type.Integer({ minimum: 1, maximum: 65535, default: 12020 }),
  /** the key Asterisk's AGI address carries (agi://host:port/comptoir?key=…): made by the server when absent */
  secretKey: Str({ default: '' }),
  https: Type.Boolean({ default: false }),
  attachments: Attachments(),
}, { company: Id() });
export type Server = Static<typeof Server>;

export const PbxUser = Entity({
  username: ConfName,
  number: PhoneNumber,
  callerid: Type.Optional(Str({ pattern: '^[^\\r\\n]*$' })),
  context: Str({ default: 'local', pattern: '^[A-Za-z0-9_.@+-]+$' }),
  mailbox: Str({ default: '@default', pattern: '^[^\\r\\n]*$' }),
  type: Str({ default: 'friend', pattern: '^(friend|user|peer)$' }),
  host: Str({ default: 'dynamic', pattern: '^[^\\r\\n\\s]+$' }),
  props: Type.Array(Prop, { default: [], maxItems: 200 }),
  /** spec §9: generated, 30 characters; never in a body */
  secret: Str({ default: '' }),
}, { company: Id(), server: Type.Optional(Nullable(Id())), user: Type.Optional(Nullable(Id())) });
export type PbxUser = Static<typeof PbxUser>;

export const Exten = Type.Object({
  description: Type.Optional(Str()),
  number: Str({ minLength: 1, pattern: '^[A-Za-z0-9_.*#+!\\[\\]-]+$' }),
  priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
  priorityName: Type.Optional(Str({ pattern: '^[A-Za-z0-9_-]*$' })),
  action: Str({ minLength: 1, pattern: '^[^\\r\\n]+$' }),
  uuid: Type.Optional(Str()),
}, { additionalProperties: false });
export type Exten = Static<typeof Exten>;
export const extenWithDefaults = (e: Exten): Exten => ({ ...e, priority: e.priority ?? 1 });

export const DialPlan = Entity({
  name: ConfName,
  description: Type.Optional(Text()),
  extens: Type.Array(Exten, { default: [], maxItems: 1000 }),
}, { company: Id() });
export type DialPlan = Static<typeof DialPlan>;

/** spec: FirstConfigurationSipNumber — a SIP trunk number registered at the operator */
export const SipNumber = Entity({
  number: PhoneNumber,
  password: Str({ minLength: 1, pattern: '^[^\\r\\n]*$' }),
  domain: Str({ minLength: 1, pattern: '^[A-Za-z0-9.-]+$' }),
  port: Type.Integer({ minimum: 1, maximum: 65535, default: 5060 }),
  expiry: Type.Integer({ minimum: 60, maximum: 86400, default: 1800 }),
}, { company: Id() });
export type SipNumber = Static<typeof SipNumber>;

export const FirstConfigurationSipNumber = Type.Object({
  number: PhoneNumber,
  password: Str({ minLength: 1, pattern: '^[^\\r\\n]*$' }),
  domain: Str({ minLength: 1, pattern: '^[A-Za-z0-9.-]+$' }),
  port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, default: 5060 })),
  expiry: Type.Optional(Type.Integer({ minimum: 60, maximum: 86400, default: 1800 })),
}, { additionalProperties: false });

export const FirstConfigurationHelper = Type.Object({
  numbers: Type.Array(FirstConfigurationSipNumber, { minItems: 1, maxItems: 50 }),
  replaceExistingAtmosPropsByDefaultValues: Type.Optional(Type.Boolean({ default: false })),
}, { additionalProperties: false });
export type FirstConfigurationHelper = Static<typeof FirstConfigurationHelper>;

export const PrivateScrapper = Entity({
  name: Str({ minLength: 1 }),
  lanHost: Str({ default: '' }),
  lanPort: Type.Integer({ minimum: 1, maximum: 65535, default: 41202 }),
  lanSecured: Type.Boolean({ default: false }),
  secretkey: Str({ default: '' }),
  wanHost: Str({ default: '' }),
  wanPort: Type.Integer({ minimum: 1, maximum: 65535, default: 41202 }),
  wanPortOnDemand: Type.Integer({ minimum: 1, maximum: 65535, default: 41203 }),
  wanSecured: Type.Boolean({ default: false }),
  wanSecuredOnDemand: Type.Boolean({ default: false }),
  serverSide: Type.Boolean({ default: false }),
  /** computed (spec §3): from the LAN settings */
  configAddress: Str({ default: '' }),
  /** computed (spec §3): from the on-demand WAN settings */
  remoteAddress: Str({ default: '' }),
}, { company: Id() });
export type PrivateScrapper = Static<typeof PrivateScrapper>;
