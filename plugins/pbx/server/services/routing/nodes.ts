/**
 * The call-routing node kinds (spec 001 §4 « Call-routing plugins and their fixed exits », §9 « Call
 * routing defaults »), as data: identifier, French name, exits exactly as the spec lists them, the
 * hidden ones, starter / pause / ending flags, and the JSON Schema of each node's configuration with
 * its defaults. What each does at a call's step is in steps.ts.
 */

export interface NodeExit { id: string; label: string; description?: string }

export interface CallNodeKind {
  identifier: string;
  name: string;
  description: string;
  exits: NodeExit[];
  /** exits hidden in the editor until the user shows them */
  hiddenExits?: string[];
  starter?: boolean;
  /** the call waits here for Asterisk to play / ring / collect, and comes back on the next request */
  pauseAndPlay?: boolean;
  /** the call leaves the queue here */
  ending?: boolean;
  icon: string;
  configuration: Record<string, unknown>;
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

export const TYPE_IDENTIFIER = 'pbx-call';

const main: NodeExit[] = [{ id: 'main', label: 'Suite' }];
const inclusion: NodeExit[] = [{ id: 'included', label: 'Inclus' }, { id: 'not-included', label: 'Non inclus' }];
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', additionalProperties: false, properties, required });
const str = (title: string, extra: Record<string, unknown> = {}) => ({ type: 'string', title, maxLength: 2000, ...extra });
const ids = (title: string, entity: string) => ({ type: 'array', title, items: { type: 'string', pattern: '^[0-9a-f]{24}$' }, default: [], maxItems: 200, 'x-entity': entity });
const digits = { type: 'integer', title: 'Touches à lire (0 : aucune)', minimum: 0, maximum: 20, default: 0 };

export const CALL_NODE_KINDS: CallNodeKind[] = [
  {
    identifier: 'pbx-incoming-context', name: 'Appel entrant', icon: 'phone-incoming', starter: true,
    description: 'Début du parcours : un appel arrive dans ce contexte Asterisk.',
    exits: main,
    configuration: obj({ context: str('Contexte (vide : tous)', { default: '', pattern: '^[A-Za-z0-9_.@+-]*$', maxLength: 80 }) }),
  },
  {
    identifier: 'pbx-identification', name: 'Identification client et contact', icon: 'user-search',
    description: 'Cherche le numéro appelant parmi les clients et les contacts.',
    exits: [{ id: 'detected', label: 'Reconnu' }, { id: 'not-detected', label: 'Inconnu' }],
    configuration: obj({}),
  },
  {
    identifier: 'pbx-customer-or-contact', name: 'Client ou contact', icon: 'users',
    description: 'Oriente selon que le numéro est celui d’un client, d’un contact, des deux ou d’aucun.',
    exits: [{ id: 'none', label: 'Aucun' }, { id: 'both', label: 'Les deux' }, { id: 'customer', label: 'Client' }, { id: 'contact', label: 'Contact' }],
    configuration: obj({}),
  },
  {
    identifier: 'pbx-play-audio', name: 'Lire un son', icon: 'music', pauseAndPlay: true,
    description: 'Fait entendre un fichier audio du serveur Asterisk.',
    exits: main,
    configuration: obj({ audioFile: str('Fichier audio', { minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_/.-]+$' }), collectDigits: digits }, ['audioFile']),
  },
  {
    identifier: 'pbx-tts', name: 'Voix de synthèse', icon: 'message', pauseAndPlay: true,
    description: 'Lit un texte en français (espeak-ng).',
    exits: main,
    configuration: obj({ message: str('Texte lu', { minLength: 1 }), collectDigits: digits }, ['message']),
  },
  {
    identifier: 'pbx-hang-up', name: 'Raccrocher', icon: 'phone-off', pauseAndPlay: true, ending: true,
    description: `Termine l’appel (contexte ${DEFAULTS.hangUpContext}).`,
    exits: main,
    configuration: obj({}),
  },
  {
    identifier: 'pbx-go-to-context', name: 'Aller au contexte', icon: 'arrow-right', pauseAndPlay: true, ending: true,
    description: 'Rend l’appel au plan de numérotation d’Asterisk.',
    exits: main,
    configuration: obj({
      context: str('Contexte', { minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_.@+-]+$' }),
      exten: str('Extension', { default: DEFAULTS.exitExten, maxLength: 80, pattern: '^[A-Za-z0-9_.*#+-]+$' }),
      priority: { type: 'integer', title: 'Priorité', minimum: 1, maximum: 1000, default: DEFAULTS.exitPriority },
    }, ['context']),
  },
  {
    identifier: 'pbx-ring-voip', name: 'Faire sonner', icon: 'phone-call', pauseAndPlay: true,
    description: 'Fait sonner des postes SIP ; la suite est prise s’ils ne décrochent pas.',
    exits: main,
    configuration: obj({
      users: ids('Postes', 'pbx.users'),
      duration: { type: 'integer', title: 'Durée de sonnerie (s)', minimum: 1, maximum: 600, default: DEFAULTS.ringSeconds },
    }),
  },
  {
    identifier: 'pbx-waiting-playlist', name: 'Musique d’attente', icon: 'playlist', pauseAndPlay: true,
    description: 'Joue la liste de lecture qui s’applique à cette date.',
    exits: main,
    configuration: obj({
      playlist: { type: 'string', title: 'Liste de lecture', pattern: '^[0-9a-f]{24}$', 'x-entity': 'pbx.playlists' },
      delay: { type: 'integer', title: 'Attente (s)', minimum: 1, maximum: 3600, default: DEFAULTS.waitingDelaySeconds },
    }, ['playlist']),
  },
  {
    identifier: 'pbx-tts-pre-pickup-choice', name: 'Annonce avant décroché', icon: 'message-question', pauseAndPlay: true,
    description: 'Fait patienter l’appelant le temps que la personne appelée choisisse (décrocher, transférer, refuser).',
    exits: main,
    configuration: obj({
      message: str('Texte lu', { default: 'Veuillez patienter, nous recherchons votre interlocuteur.' }),
      delay: { type: 'integer', title: 'Délai de décroché (s)', minimum: 1, maximum: 600, default: DEFAULTS.pickupDelaySeconds },
    }),
  },
  {
    identifier: 'pbx-pass-through', name: 'Passage', icon: 'arrow-down', description: 'Ne fait rien : regroupe des chemins.',
    exits: main, configuration: obj({}),
  },
  {
    identifier: 'pbx-last-keypad-input', name: 'Dernière touche', icon: 'dialpad',
    description: 'Oriente selon la touche tapée pendant la dernière annonce.',
    exits: [...DEFAULTS.keypadChoices.map((d) => ({ id: d, label: d })), { id: '-', label: 'Aucune' }, { id: 'A', label: 'Autre' }],
    hiddenExits: ['0', '3', '4', '5', '6', '7', '8', '9'],
    configuration: obj({}),
  },
  {
    identifier: 'pbx-pre-user-request', name: 'Choix de la personne appelée', icon: 'user-question',
    description: 'Oriente selon le choix fait avant de décrocher.',
    exits: [
      { id: 'transfer', label: 'Transférer' }, { id: 'reject', label: 'Refuser' }, { id: 'waiting-time', label: 'Faire patienter' },
      { id: 'no-answer', label: 'Pas de réponse' }, { id: 'no-op', label: 'Aucun choix' },
    ],
    configuration: obj({}),
  },
  {
    identifier: 'pbx-groups', name: 'Groupes', icon: 'users-group',
    description: 'Le client ou le contact appelant est-il dans l’un de ces groupes ?',
    exits: inclusion,
    configuration: obj({ groups: ids('Groupes', 'kernel.groups') }),
  },
  {
    identifier: 'pbx-number-prefix', name: 'Préfixe du numéro', icon: 'hash',
    description: 'Le numéro appelant commence-t-il par l’un de ces préfixes ?',
    exits: inclusion,
    configuration: obj({ prefixes: { type: 'array', title: 'Préfixes', items: { type: 'string', pattern: '^\\+?[0-9]+$', maxLength: 20 }, default: [], maxItems: 100 } }),
  },
  {
    identifier: 'pbx-number-lists', name: 'Listes de numéros', icon: 'list-numbers',
    description: 'Le numéro appelant est-il dans l’une de ces listes ?',
    exits: inclusion,
    configuration: obj({ lists: ids('Listes', 'pbx.number-lists') }),
  },
  {
    identifier: 'pbx-time-router', name: 'Heure', icon: 'clock',
    description: 'Oriente selon l’heure (Paris) : avant, à l’heure dite, après.',
    exits: [{ id: 'before', label: 'Avant' }, { id: 'equals', label: 'À l’heure' }, { id: 'after', label: 'Après' }],
    configuration: obj({ time: str('Heure (HH:MM)', { default: DEFAULTS.timeRouterTime, pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 }) }),
  },
  {
    identifier: 'pbx-already-visited', name: 'Déjà passé', icon: 'repeat',
    description: 'Compte les passages de l’appel par ce nœud.',
    exits: [{ id: 'first-time', label: 'Première fois' }, { id: 'already-seen', label: 'Déjà passé' }, { id: 'limit-reached', label: 'Limite atteinte' }],
    configuration: obj({ limit: { type: 'integer', title: 'Limite de passages', minimum: 1, maximum: 100, default: DEFAULTS.alreadyVisitedLimit } }),
  },
];

export const NODE_KIND = new Map(CALL_NODE_KINDS.map((k) => [k.identifier, k]));

/** A node's configuration with the schema's defaults filled in (shallow: every node's schema is flat). */
export function withDefaults(kind: CallNodeKind, configuration: Record<string, unknown> | undefined): Record<string, unknown> {
  const props = (kind.configuration.properties ?? {}) as Record<string, { default?: unknown }>;
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) if (p.default !== undefined) out[k] = structuredClone(p.default);
  return { ...out, ...(configuration ?? {}) };
}
