/**
 * The call-routing node kinds (spec 001 §4 « Call-routing plugins and their fixed exits », §9 « Call
 * routing defaults »), as data: identifier, French name, exits exactly as the spec lists them, the
 * hidden ones, starter / pause / ending flags, and the JSON Schema of each node's configuration with
 * its defaults. What each does at a call's step is in steps.ts.
 */

import type { QueueNodeExit } from '@comptoir/sdk';

type NodeExit = QueueNodeExit;

/** A node type of ours, before its `run` is attached (contributions.ts). */
export interface CallNodeKind {
  identifier: string;
  name: string;
  description: string;
  exits: NodeExit[];
  starter?: boolean;
  /** the call waits here for Asterisk to play / ring / collect, and comes back on the next request */
  pauseAndPlay?: boolean;
  /** the call leaves the queue here */
  ending?: boolean;
  icon: string;
  configurationSchema: Record<string, unknown>;
}

/** spec §9 */
export const DEFAULTS = {
  alreadyVisitedLimit: 5,
  ringSeconds: 60,
  waitingDelaySeconds: 30,
  pickupDelaySeconds: 30,
  exitExten: 's',
  exitPriority: 1,
  hangUpContext: 'atmos-hang-up',
  timeRouterTime: '12:00',
  keypadChoices: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
} as const;

/** the kind of queue these nodes belong to (process-queues README « General node types ») */
export const TYPE_IDENTIFIER = 'call-routing';

const main: NodeExit[] = [{ id: 'main', label: 'Suite' }];
const inclusion: NodeExit[] = [{ id: 'included', label: 'Inclus' }, { id: 'not-included', label: 'Non inclus' }];
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', additionalProperties: false, properties, required });
const str = (title: string, extra: Record<string, unknown> = {}) => ({ type: 'string', title, maxLength: 2000, ...extra });
const ids = (title: string, entity: string) => ({ type: 'array', title, items: { type: 'string', pattern: '^[0-9a-f]{24}$' }, default: [], maxItems: 200, 'x-entity': entity });
const digits = { type: 'integer', title: 'Touches à lire (0 : aucune)', minimum: 0, maximum: 20, default: 0 };

export const CALL_NODE_KINDS: CallNodeKind[] = [
  {
    identifier: 'incoming-context', name: 'Appel entrant', icon: 'phone-incoming', starter: true,
    description: 'Début du parcours : un appel arrive dans ce contexte Asterisk.',
    exits: main,
    // the queue of a call is the one its Asterisk context names (pbx « contexts », fk.queue)
    configurationSchema: obj({}),
  },
  {
    identifier: 'identification', name: 'Identification client et contact', icon: 'user-search',
    description: 'Cherche le numéro appelant parmi les clients et les contacts.',
    exits: [{ id: 'detected', label: 'Reconnu' }, { id: 'not-detected', label: 'Inconnu' }],
    configurationSchema: obj({}),
  },
  {
    identifier: 'customer-or-contact', name: 'Client ou contact', icon: 'users',
    description: 'Oriente selon que le numéro est celui d’un client, d’un contact, des deux ou d’aucun.',
    exits: [{ id: 'none', label: 'Aucun' }, { id: 'both', label: 'Les deux' }, { id: 'customer', label: 'Client' }, { id: 'contact', label: 'Contact' }],
    configurationSchema: obj({}),
  },
  {
    identifier: 'play-audio', name: 'Lire un son', icon: 'music', pauseAndPlay: true,
    description: 'Fait entendre un fichier audio du serveur Asterisk.',
    exits: main,
    configurationSchema: obj({ audioFile: str('Fichier audio', { minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_/.-]+$' }), collectDigits: digits }, ['audioFile']),
  },
  {
    identifier: 'tts', name: 'Voix de synthèse', icon: 'message', pauseAndPlay: true,
    description: 'Lit un texte en français (espeak-ng).',
    exits: main,
    configurationSchema: obj({ message: str('Texte lu', { minLength: 1 }), collectDigits: digits }, ['message']),
  },
  {
    identifier: 'hang-up', name: 'Raccrocher', icon: 'phone-off', ending: true,
    description: `Termine l’appel (contexte ${DEFAULTS.hangUpContext}).`,
    exits: main,
    configurationSchema: obj({}),
  },
  {
    identifier: 'go-to-context', name: 'Aller au contexte', icon: 'arrow-right', ending: true,
    description: 'Rend l’appel au plan de numérotation d’Asterisk.',
    exits: main,
    configurationSchema: obj({
      context: str('Contexte', { minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_.@+-]+$' }),
      exten: str('Extension', { default: DEFAULTS.exitExten, maxLength: 80, pattern: '^[A-Za-z0-9_.*#+-]+$' }),
      priority: { type: 'integer', title: 'Priorité', minimum: 1, maximum: 1000, default: DEFAULTS.exitPriority },
    }, ['context']),
  },
  {
    identifier: 'ring-voip', name: 'Faire sonner', icon: 'phone-call', pauseAndPlay: true,
    description: 'Fait sonner des postes SIP ; la suite est prise s’ils ne décrochent pas.',
    exits: main,
    configurationSchema: obj({
      users: ids('Postes', 'pbx.users'),
      duration: { type: 'integer', title: 'Durée de sonnerie (s)', minimum: 1, maximum: 600, default: DEFAULTS.ringSeconds },
    }),
  },
  {
    identifier: 'waiting-playlist', name: 'Musique d’attente', icon: 'playlist', pauseAndPlay: true,
    description: 'Joue la liste de lecture qui s’applique à cette date.',
    exits: main,
    configurationSchema: obj({
      playlist: { type: 'string', title: 'Liste de lecture', pattern: '^[0-9a-f]{24}$', 'x-entity': 'pbx.playlists' },
      delay: { type: 'integer', title: 'Attente (s)', minimum: 1, maximum: 3600, default: DEFAULTS.waitingDelaySeconds },
    }, ['playlist']),
  },
  {
    identifier: 'tts-pre-pickup-choice', name: 'Annonce avant décroché', icon: 'message-question', pauseAndPlay: true,
    description: 'Fait patienter l’appelant le temps que la personne appelée choisisse (décrocher, transférer, refuser).',
    exits: main,
    configurationSchema: obj({
      message: str('Texte lu', { default: 'Veuillez patienter, nous recherchons votre interlocuteur.' }),
      delay: { type: 'integer', title: 'Délai de décroché (s)', minimum: 1, maximum: 600, default: DEFAULTS.pickupDelaySeconds },
    }),
  },
  {
    identifier: 'pass-through', name: 'Passage', icon: 'arrow-down', description: 'Ne fait rien : regroupe des chemins.',
    exits: main, configurationSchema: obj({}),
  },
  {
    identifier: 'last-keypad-input', name: 'Dernière touche', icon: 'dialpad',
    description: 'Oriente selon la touche tapée pendant la dernière annonce.',
    // spec §4: exits 0 and 3 to 9 hidden by default
    exits: [
      ...DEFAULTS.keypadChoices.map((d) => ({ id: d, label: d, ...(['1', '2'].includes(d) ? {} : { hiddenByDefault: true }) })),
      { id: '-', label: 'Aucune', description: 'Aucune touche tapée' }, { id: 'A', label: 'Autre', description: 'Une autre touche (* ou #)' },
    ],
    configurationSchema: obj({}),
  },
  {
    identifier: 'pre-user-request', name: 'Choix de la personne appelée', icon: 'user-question',
    description: 'Oriente selon le choix fait avant de décrocher.',
    exits: [
      { id: 'transfer', label: 'Transférer' }, { id: 'reject', label: 'Refuser' }, { id: 'waiting-time', label: 'Faire patienter' },
      { id: 'no-answer', label: 'Pas de réponse' }, { id: 'no-op', label: 'Aucun choix' },
    ],
    configurationSchema: obj({}),
  },
  {
    identifier: 'groups', name: 'Groupes', icon: 'users-group',
    description: 'Le client ou le contact appelant est-il dans l’un de ces groupes ?',
    exits: inclusion,
    configurationSchema: obj({ groups: ids('Groupes', 'kernel.groups') }),
  },
  {
    identifier: 'number-prefix', name: 'Préfixe du numéro', icon: 'hash',
    description: 'Le numéro appelant commence-t-il par l’un de ces préfixes ?',
    exits: inclusion,
    configurationSchema: obj({ prefixes: { type: 'array', title: 'Préfixes', items: { type: 'string', pattern: '^\\+?[0-9]+$', maxLength: 20 }, default: [], maxItems: 100 } }),
  },
  {
    identifier: 'number-lists', name: 'Listes de numéros', icon: 'list-numbers',
    description: 'Le numéro appelant est-il dans l’une de ces listes ?',
    exits: inclusion,
    configurationSchema: obj({ lists: ids('Listes', 'pbx.number-lists') }),
  },
  {
    identifier: 'time-router', name: 'Heure', icon: 'clock',
    description: 'Oriente selon l’heure (Paris) : avant, à l’heure dite, après.',
    exits: [{ id: 'before', label: 'Avant' }, { id: 'equals', label: 'À l’heure' }, { id: 'after', label: 'Après' }],
    configurationSchema: obj({ time: str('Heure (HH:MM)', { default: DEFAULTS.timeRouterTime, pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 }) }),
  },
  {
    identifier: 'already-visited', name: 'Déjà passé', icon: 'repeat',
    description: 'Compte les passages de l’appel par ce nœud.',
    exits: [{ id: 'first-time', label: 'Première fois' }, { id: 'already-seen', label: 'Déjà passé' }, { id: 'limit-reached', label: 'Limite atteinte' }],
    configurationSchema: obj({ limit: { type: 'integer', title: 'Limite de passages', minimum: 1, maximum: 100, default: DEFAULTS.alreadyVisitedLimit } }),
  },
];

export const NODE_KIND = new Map(CALL_NODE_KINDS.map((k) => [k.identifier, k]));

/** A node's configuration with the schema's defaults filled in (shallow: every node's schema is flat). */
export function withDefaults(kind: CallNodeKind, configuration: Record<string, unknown> | undefined): Record<string, unknown> {
  const props = (kind.configurationSchema.properties ?? {}) as Record<string, { default?: unknown }>;
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) if (p.default !== undefined) out[k] = structuredClone(p.default);
  return { ...out, ...(configuration ?? {}) };
}
