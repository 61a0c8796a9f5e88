/**
 * An idea or an issue of a project with its task lists (spec 001 §3 « ProjectItem »,
 * « ProjectTaskList », « ProjectTask »; §4 types, flags and progress).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, DateTime, Entity, Id, Nullable, Str, StrEnum, Text } from '@comptoir/schemas';

export const ITEM_TYPES = ['idea', 'issue'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** spec: default normal; the other values are ours */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

/**
 * Not in the spec (« transitions not shown »): the column of the board, derived from the flags on
 * every write (README « Status »): archived, else validated, else accepted, else submitted.
 */
export const ITEM_STATUSES = ['submitted', 'accepted', 'validated', 'archived'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

const Percent = () => Type.Integer({ minimum: 0, maximum: 100, default: 0 });

export const ProjectTask = Type.Object({
  uuid: Str({ minLength: 1 }),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  progress: Percent(),
}, { additionalProperties: false });
export type ProjectTask = Static<typeof ProjectTask>;

export const ProjectTaskList = Type.Object({
  uuid: Str({ minLength: 1 }),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  tasks: Type.Array(ProjectTask, { default: [], maxItems: 500 }),
  progress: Percent(),
}, { additionalProperties: false });
export type ProjectTaskList = Static<typeof ProjectTaskList>;

export const ProjectItem = Entity({
  type: StrEnum(ITEM_TYPES, { default: 'idea' }),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  attachments: Attachments(),
  alert: Type.Boolean({ default: false }),
  alertMessage: Type.Optional(Text()),
  accepted: Type.Boolean({ default: false }),
  archived: Type.Boolean({ default: false }),
  validated: Type.Boolean({ default: false }),
  helpRequired: Type.Boolean({ default: false }),
  priority: StrEnum(PRIORITIES, { default: 'normal' }),
  deadLine: Type.Optional(Nullable(DateTime())),
  /** the deadline is an instant (true) or a whole day (false) */
  deadLineWithTime: Type.Boolean({ default: false }),
  progress: Percent(),
  autoProgressWithTasks: Type.Boolean({ default: true }),
  lastActivity: Type.Optional(DateTime()),
  lastActivityDescription: Type.Optional(Str()),
  /** minutes of the finished working times on it (README « Working time ») */
  workingTime: Type.Integer({ minimum: 0, default: 0 }),
  taskLists: Type.Array(ProjectTaskList, { default: [], maxItems: 100 }),
  status: StrEnum(ITEM_STATUSES, { default: 'submitted' }),
}, {
  company: Id(),
  project: Id(),
  owner: Type.Optional(Nullable(Id())),
  followers: Type.Array(Id(), { default: [] }),
  workers: Type.Array(Id(), { default: [] }),
  desiredHelpers: Type.Array(Id(), { default: [] }),
});
export type ProjectItem = Static<typeof ProjectItem>;

/** A task as written: uuid given when it exists, made by the server otherwise. */
export const TaskInput = Type.Object({
  uuid: Type.Optional(Str({ minLength: 1 })),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
}, { additionalProperties: false });
export type TaskInput = Static<typeof TaskInput>;

export const TaskListInput = Type.Object({
  uuid: Type.Optional(Str({ minLength: 1 })),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  tasks: Type.Optional(Type.Array(TaskInput, { maxItems: 500 })),
  /** kept only while the list has no task (README « Progress ») */
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
}, { additionalProperties: false });
export type TaskListInput = Static<typeof TaskListInput>;

/** `POST /items` and `PUT /items/:id`: status, last activity and working time are the server's. */
export const ItemInput = Type.Object({
  type: Type.Optional(StrEnum(ITEM_TYPES)),
  name: Type.Optional(Str({ minLength: 1 })),
  description: Type.Optional(Text()),
  attachments: Type.Optional(Attachments()),
  alert: Type.Optional(Type.Boolean()),
  alertMessage: Type.Optional(Text()),
  accepted: Type.Optional(Type.Boolean()),
  archived: Type.Optional(Type.Boolean()),
  validated: Type.Optional(Type.Boolean()),
  helpRequired: Type.Optional(Type.Boolean()),
  priority: Type.Optional(StrEnum(PRIORITIES)),
  deadLine: Type.Optional(Nullable(DateTime())),
  deadLineWithTime: Type.Optional(Type.Boolean()),
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  autoProgressWithTasks: Type.Optional(Type.Boolean()),
  taskLists: Type.Optional(Type.Array(TaskListInput, { maxItems: 100 })),
  fk: Type.Optional(Type.Object({
    project: Type.Optional(Id()),
    owner: Type.Optional(Nullable(Id())),
    followers: Type.Optional(Type.Array(Id(), { maxItems: 200 })),
    workers: Type.Optional(Type.Array(Id(), { maxItems: 200 })),
    desiredHelpers: Type.Optional(Type.Array(Id(), { maxItems: 200 })),
  }, { additionalProperties: false })),
  userProps: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, { additionalProperties: false });
export type ItemInput = Static<typeof ItemInput>;

/** `PUT /items/:id/tasks/:uuid` */
export const TaskPatch = Type.Object({
  name: Type.Optional(Str({ minLength: 1 })),
  description: Type.Optional(Text()),
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
}, { additionalProperties: false });
export type TaskPatch = Static<typeof TaskPatch>;

/** `POST /items/:id/move`: a drag on the board */
export const MoveInput = Type.Object({ status: StrEnum(ITEM_STATUSES) }, { additionalProperties: false });
export type MoveInput = Static<typeof MoveInput>;
