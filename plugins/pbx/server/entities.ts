/**
 * The entities of « Téléphonie » (README « Entities »). Schemas in schemas/; columns in
 * migrations/20261128010000_pbx.ts.
 */
import { randomBytes } from 'node:crypto';
import { defineEntity } from '@comptoir/sdk';
import {
  playListItemWithDefaults, propWithDefaults, extenWithDefaults, Call, CallEvent, CallNumberList, Context, DialPlan, PbxUser, PlayList, PrePickUpOperatorChoice, PrivateScrapper, Server, SipNumber, TimeOfYear,
} from '../schemas/index.ts';

export const PLUGIN_ID = 'pbx';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** spec §9: generated secret length 30 — letters and digits, safe in any Asterisk file */
export function generateSecret(length = 30): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) if (bytes[i] < 248) out += ALPHABET[bytes[i] % 62];
  return out.length === length ? out : generateSecret(length);
}

const address = (secured: boolean, host: string, port: number) => (host ? `${secured ? 'https' : 'http'}://${host}:${port}` : '');

export const TimesOfYear = defineEntity({
  plugin: PLUGIN_ID, name: 'times-of-year', table: 'pbx_times_of_year', schema: TimeOfYear, companyScoped: true, label: 'période de l’année', feminine: true,
});

export const PlayLists = defineEntity({
  plugin: PLUGIN_ID, name: 'playlists', table: 'pbx_playlists', schema: PlayList, companyScoped: true, label: 'liste de lecture', feminine: true,
  references: { 'fk.server': 'pbx.servers', 'items[].fk.timesOfYear': 'pbx.times-of-year' },
  derive: (doc) => ({ items: (doc.items ?? []).map(playListItemWithDefaults) }),
});

export const NumberLists = defineEntity({
  plugin: PLUGIN_ID, name: 'number-lists', table: 'pbx_number_lists', schema: CallNumberList, companyScoped: true, label: 'liste de numéros', feminine: true,
});

export const Contexts = defineEntity({
  plugin: PLUGIN_ID, name: 'contexts', table: 'pbx_contexts', schema: Context, companyScoped: true, label: 'contexte',
  references: { 'fk.queue': 'process-queues.queues' },
  derive: (doc) => ({ props: (doc.props ?? []).map(propWithDefaults) }),
});

export const Servers = defineEntity({
  plugin: PLUGIN_ID, name: 'servers', table: 'pbx_servers', schema: Server, companyScoped: true, label: 'serveur',
  derive: (doc) => ({ secretKey: doc.secretKey || generateSecret() }),
});

export const Users = defineEntity({
  plugin: PLUGIN_ID, name: 'users', table: 'pbx_users', schema: PbxUser, companyScoped: true, label: 'poste',
  references: { 'fk.server': 'pbx.servers', 'fk.user': 'kernel.users' },
  readOnly: ['secret'],
  derive: (doc) => ({ secret: doc.secret || generateSecret(), props: (doc.props ?? []).map(propWithDefaults) }),
});

export const DialPlans = defineEntity({
  plugin: PLUGIN_ID, name: 'dial-plans', table: 'pbx_dial_plans', schema: DialPlan, companyScoped: true, label: 'plan de numérotation',
  derive: (doc) => ({ extens: (doc.extens ?? []).map(extenWithDefaults) }),
});

export const SipNumbers = defineEntity({
  plugin: PLUGIN_ID, name: 'sip-numbers', table: 'pbx_sip_numbers', schema: SipNumber, companyScoped: true, label: 'numéro SIP',
});

export const Scrappers = defineEntity({
  plugin: PLUGIN_ID, name: 'scrappers', table: 'pbx_scrappers', schema: PrivateScrapper, companyScoped: true, label: 'relais privé',
  readOnly: ['configAddress', 'remoteAddress'],
  /** spec §3: config address from the LAN settings, remote address from the on-demand WAN settings */
  derive: (doc) => ({
    // derive sees the body before the schema's defaults: the spec's ports here too
    configAddress: address(!!doc.lanSecured, doc.lanHost ?? '', doc.lanPort ?? 41202),
    remoteAddress: address(!!doc.wanSecuredOnDemand, doc.wanHost ?? '', doc.wanPortOnDemand ?? 41203),
  }),
});

export const Calls = defineEntity({
  plugin: PLUGIN_ID, name: 'calls', table: 'pbx_calls', schema: Call, companyScoped: true, label: 'appel',
  references: {
    'fk.lists': { entity: 'pbx.number-lists', blocksDeletion: false },
    'fk.postAddedLists': { entity: 'pbx.number-lists', blocksDeletion: false },
    'fk.potentialHotliners': { entity: 'kernel.users', blocksDeletion: false },
  },
});

export const CallEvents = defineEntity({
  plugin: PLUGIN_ID, name: 'call-events', table: 'pbx_call_events', schema: CallEvent, companyScoped: true, label: 'événement d’appel',
  references: { 'fk.call': { entity: 'pbx.calls', blocksDeletion: false } },
});

export const PrePickupChoices = defineEntity({
  plugin: PLUGIN_ID, name: 'pre-pickup-choices', table: 'pbx_pre_pickup_choices', schema: PrePickUpOperatorChoice, companyScoped: true,
  label: 'choix avant décroché',
  references: { 'fk.userId': 'kernel.users' },
});

export const ENTITIES = [TimesOfYear, PlayLists, NumberLists, Contexts, Servers, Users, DialPlans, SipNumbers, Scrappers, Calls, CallEvents, PrePickupChoices];
