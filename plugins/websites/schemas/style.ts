/**
 * Colours, gradients and the style of a layout node or block (spec 001 §3 « Gradient », §5
 * « Gradient and colour settings »). Every value is checked by pattern so that it can be written
 * into a `style` attribute or a CSS custom property as is: no value can close the declaration.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str, StrEnum } from '@comptoir/schemas';

/** `#rgb`, `#rrggbb`, `#rrggbbaa` or `rgba(r, g, b, a)` / `rgb(r, g, b)`: the RGBA colour of the spec */
export const COLOR_PATTERN = '^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*(,\\s*(0|1|0?\\.\\d{1,4})\\s*)?\\))$';
export const Color = (o: { default?: string } = {}) => Type.String({ pattern: COLOR_PATTERN, maxLength: 40, ...o });

export const GRADIENT_TYPES = ['linear', 'radial', 'ellipse', 'conical'] as const;

export const GradientStop = Type.Object({
  offset: Type.Number({ minimum: 0, maximum: 100 }),
  color: Color(),
  uuid: Str({ minLength: 1 }),
}, { additionalProperties: false });

/** The spec's default gradient: linear, 90°, centre 50/50, radius 60, white at 0, black at 100. */
export const DEFAULT_GRADIENT = {
  type: 'linear', angle: 90, cx: 50, cy: 50, radius: 60,
  stops: [
    { offset: 0, color: 'rgba(255, 255, 255, 1)', uuid: 'stop-0' },
    { offset: 100, color: 'rgba(0, 0, 0, 1)', uuid: 'stop-100' },
  ],
} as const;

export const Gradient = Type.Object({
  type: Type.Optional(StrEnum(GRADIENT_TYPES, { default: 'linear' })),
  angle: Type.Optional(Type.Number({ minimum: -360, maximum: 360, default: 90 })),
  cx: Type.Optional(Type.Number({ minimum: 0, maximum: 100, default: 50 })),
  cy: Type.Optional(Type.Number({ minimum: 0, maximum: 100, default: 50 })),
  radius: Type.Optional(Type.Number({ minimum: 0, maximum: 100, default: 60 })),
  stops: Type.Array(GradientStop, { minItems: 1, maxItems: 20, default: DEFAULT_GRADIENT.stops.map((s) => ({ ...s })) }),
}, { additionalProperties: false });
export type Gradient = Static<typeof Gradient>;

/** a CSS length (`12px`, `1.5rem`, `50%`, `0`) */
export const LENGTH_PATTERN = '^(0|\\d{1,4}(\\.\\d{1,2})?(px|rem|em|%|vh|vw))$';
const Length = () => Type.String({ pattern: LENGTH_PATTERN, maxLength: 12 });

/**
 * The style of a container, row, column or block. Not free CSS (which could load anything): a few
 * properties, each checked, plus class names of the template (letters, digits, `-`, `_`).
 */
export const NodeStyle = Type.Object({
  classes: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_ -]*$', maxLength: 255 })),
  color: Type.Optional(Color()),
  background: Type.Optional(Color()),
  gradient: Type.Optional(Gradient),
  padding: Type.Optional(Length()),
  margin: Type.Optional(Length()),
  textAlign: Type.Optional(StrEnum(['left', 'center', 'right', 'justify'] as const)),
  minHeight: Type.Optional(Length()),
}, { additionalProperties: false });
export type NodeStyle = Static<typeof NodeStyle>;
