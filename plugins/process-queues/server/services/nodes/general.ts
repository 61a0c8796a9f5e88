/**
 * The node types « Files de traitement » gives every company for its own kind of queue, `general`
 * (a checklist, an approval, a test of a graph): contributed through the SDK's `queueNodeTypes`
 * point exactly as the call-routing nodes of `pbx` are. They read and write the run's variables
 * only.
 */
import type { QueueNodeType } from '@comptoir/sdk';

export const GENERAL = 'general';
const MAIN = [{ id: 'main', label: 'Suite' }];

const start: QueueNodeType = {
  identifier: 'start', name: 'Départ', description: 'Le point de départ de la file.', typeIdentifier: GENERAL,
  starter: true, icon: 'player-play', exits: MAIN,
  configurationSchema: { type: 'object', properties: {}, additionalProperties: false },
  run: () => ({ exit: 'main' }),
};

const OPERATORS = ['equals', 'not-equals', 'contains', 'exists'] as const;

const condition: QueueNodeType = {
  identifier: 'condition', name: 'Condition', description: 'Compare une donnée reçue ou une variable à une valeur.', typeIdentifier: GENERAL,
  icon: 'git-branch', exits: [{ id: 'yes', label: 'Oui' }, { id: 'no', label: 'Non' }],
  configurationSchema: {
    type: 'object', additionalProperties: false, required: ['field'],
    properties: {
      source: { type: 'string', title: 'Source', enum: ['input', 'state'], 'x-labels': ['Donnée reçue', 'Variable'], default: 'state' },
      field: { type: 'string', title: 'Nom du champ', minLength: 1, maxLength: 100 },
      operator: { type: 'string', title: 'Comparaison', enum: [...OPERATORS], 'x-labels': ['est égal à', 'est différent de', 'contient', 'existe'], default: 'equals' },
      value: { type: 'string', title: 'Valeur', maxLength: 255, default: '' },
    },
  },
  run: (_ctx, step) => {
    const c = step.node.configuration as { source: 'input' | 'state'; field: string; operator: (typeof OPERATORS)[number]; value: string };
    const actual = (c.source === 'input' ? step.input : step.state)[c.field];
    const text = actual === undefined || actual === null ? '' : String(actual);
    const yes = c.operator === 'exists' ? actual !== undefined && actual !== null && text !== ''
      : c.operator === 'contains' ? text.toLocaleLowerCase('fr').includes(c.value.toLocaleLowerCase('fr'))
        : c.operator === 'not-equals' ? text !== c.value : text === c.value;
    return { exit: yes ? 'yes' : 'no' };
  },
};

const setVariable: QueueNodeType = {
  identifier: 'set-variable', name: 'Définir une variable', description: 'Donne une valeur à une variable de l’exécution.', typeIdentifier: GENERAL,
  icon: 'variable', exits: MAIN,
  configurationSchema: {
    type: 'object', additionalProperties: false, required: ['name'],
    properties: {
      name: { type: 'string', title: 'Variable', minLength: 1, maxLength: 100, pattern: '^[A-Za-z_][A-Za-z0-9_-]*$' },
      value: { type: 'string', title: 'Valeur', maxLength: 255, default: '' },
    },
  },
  run: (_ctx, step) => {
    const c = step.node.configuration as { name: string; value: string };
    return { exit: 'main', state: { [c.name]: c.value } };
  },
};

const wait: QueueNodeType = {
  identifier: 'wait', name: 'Attente', description: 'Met l’exécution en pause jusqu’à sa reprise (une réponse, une validation).', typeIdentifier: GENERAL,
  pauseAndPlay: true, icon: 'player-pause', exits: MAIN,
  configurationSchema: {
    type: 'object', additionalProperties: false,
    properties: {
      message: { type: 'string', title: 'Message', description: 'Ce que l’exécution attend, rendu à l’appelant.', maxLength: 255, default: '' },
      saveInputAs: { type: 'string', title: 'Variable de la réponse', description: 'Nom de la variable qui reçoit la donnée « value » de la reprise.', maxLength: 100, default: '' },
    },
  },
  run: (_ctx, step) => {
    const c = step.node.configuration as { message: string; saveInputAs: string };
    if (!step.resumed) return { pause: true, output: { waiting: true, message: c.message } };
    return { exit: 'main', state: c.saveInputAs ? { [c.saveInputAs]: step.input.value ?? null } : {} };
  },
};

const end: QueueNodeType = {
  identifier: 'end', name: 'Fin', description: 'Termine l’exécution.', typeIdentifier: GENERAL,
  ending: true, icon: 'player-stop', exits: [],
  configurationSchema: {
    type: 'object', additionalProperties: false,
    properties: { result: { type: 'string', title: 'Résultat', maxLength: 255, default: '' } },
  },
  run: (_ctx, step) => ({ end: true, output: { result: (step.node.configuration as { result: string }).result } }),
};

export const GENERAL_NODE_TYPES: QueueNodeType[] = [start, condition, setVariable, wait, end];
