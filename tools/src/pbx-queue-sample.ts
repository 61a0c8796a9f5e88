/**
 * A realistic 20-node call-routing queue (a bakery's switchboard), for the FastAGI tests, the
 * benchmark and the demo: prefix and blocked numbers, opening hours, the caller recognised through
 * the contacts, VIP customers rung first, a keypad menu with its limit, a waiting playlist, the
 * operator's choice, hang-up. Node ids are the `uuid`s the tests follow.
 */
export interface SampleIds { blocked: string; vip: string; accueil: string; atelier: string; playlist: string }

type Node = { uuid: string; pluginIdentifier: string; configuration?: Record<string, unknown>; exits?: Record<string, string | null>; position?: { x: number; y: number } };

export function sampleCallQueue(ids: SampleIds): { name: string; typeIdentifier: string; plugins: Node[] } {
  const n = (uuid: string, kind: string, exits: Record<string, string | null>, configuration: Record<string, unknown> = {}): Node =>
    ({ uuid, pluginIdentifier: `pbx.${kind}`, configuration, exits });
  const plugins: Node[] = [
    n('start', 'incoming-context', { main: 'prefix' }),
    n('prefix', 'number-prefix', { included: 'lists', 'not-included': 'bye' }, { prefixes: ['+33', '0'] }),
    n('lists', 'number-lists', { included: 'bye', 'not-included': 'hours' }, { lists: [ids.blocked] }),
    n('hours', 'time-router', { before: 'closed', equals: 'ident', after: 'evening' }, { time: '08:00' }),
    n('evening', 'time-router', { before: 'ident', equals: 'closed', after: 'closed' }, { time: '19:00' }),
    n('ident', 'identification', { detected: 'who', 'not-detected': 'unknown' }),
    n('who', 'customer-or-contact', { none: 'unknown', both: 'groups', customer: 'groups', contact: 'welcome' }),
    n('groups', 'groups', { included: 'vip-hello', 'not-included': 'welcome' }, { groups: [ids.vip] }),
    n('vip-hello', 'tts', { main: 'ring-vip' }, { message: 'Bonjour et merci de votre fidélité, nous vous mettons en relation.' }),
    n('ring-vip', 'ring-voip', { main: 'playlist' }, { users: [ids.accueil] }),
    n('unknown', 'play-audio', { main: 'welcome' }, { audioFile: 'comptoir/bienvenue' }),
    n('welcome', 'tts', { main: 'key' }, { message: 'Tapez 1 pour les commandes, 2 pour la comptabilité.', collectDigits: 1 }),
    n('key', 'last-keypad-input', { 1: 'ring-orders', 2: 'accounting', '-': 'again', A: 'again' }),
    n('again', 'already-visited', { 'first-time': 'welcome', 'already-seen': 'welcome', 'limit-reached': 'bye' }, { limit: 2 }),
    n('ring-orders', 'ring-voip', { main: 'playlist' }, { users: [ids.atelier], duration: 25 }),
    n('playlist', 'waiting-playlist', { main: 'choice' }, { playlist: ids.playlist }),
    n('choice', 'pre-user-request', { transfer: 'accounting', reject: 'bye', 'waiting-time': 'playlist', 'no-answer': 'bye', 'no-op': 'bye' }),
    n('accounting', 'go-to-context', {}, { context: 'compta' }),
    n('closed', 'tts', { main: 'bye' }, { message: 'La boulangerie est fermée. Nous sommes ouverts de 8 heures à 19 heures.' }),
    n('bye', 'hang-up', {}),
  ];
  plugins.forEach((p, i) => { p.position = { x: 60 + (i % 5) * 240, y: 60 + Math.floor(i / 5) * 180 }; });
  return { name: 'Standard de la boulangerie', typeIdentifier: 'call-routing', plugins };
}
