/**
 * Default values of user properties, exactly as platform README « User properties » writes them: false for
 * checkbox and switch; 0 for number; empty text otherwise. Multiple: an empty list, or a one-item
 * list holding the default when required. Resetting a default also removes min, max, minValues and
 * maxValues. Plain functions, shared by the server (records, definitions) and the forms.
 */
import type { UserProp, UserPropType } from './user-prop.ts';

/** How a type's values are stored and compared: decides SQL expressions, indexes and type changes. */
export type UserPropFamily = 'line' | 'long' | 'number' | 'boolean' | 'date';

const FAMILY: Record<UserPropType, UserPropFamily> = {
  text: 'line', email: 'line', tel: 'line', url: 'line', color: 'line', select: 'line',
  textarea: 'long', number: 'number', checkbox: 'boolean', switch: 'boolean', date: 'date',
};

export function userPropFamily(type: UserPropType): UserPropFamily {
  return FAMILY[type];
}

/** The default of one value of `type`: false, 0 or the empty text. */
export function singleDefault(type: UserPropType): boolean | number | string {
  if (type === 'checkbox' || type === 'switch') return false;
  if (type === 'number') return 0;
  return '';
}

/** The spec's default of a property: its type's default, or for a multiple one [] / [default]. */
export function typeDefaultValue(p: Pick<UserProp, 'type' | 'multiple' | 'required'>): unknown {
  const single = singleDefault(p.type);
  if (!p.multiple) return single;
  return p.required ? [single] : [];
}

/** The same property with its default reset: the type's default, and no min, max, minValues, maxValues. */
export function resetDefaultValue<P extends Pick<UserProp, 'type' | 'multiple' | 'required'> & Partial<UserProp>>(p: P): P {
  const { min: _min, max: _max, minValues: _minValues, maxValues: _maxValues, ...rest } = p;
  void _min; void _max; void _minValues; void _maxValues;
  return { ...rest, defaultValue: typeDefaultValue(p) } as P;
}

/** What a record without a value for the property gets: its defaultValue, else the spec's default. */
export function effectiveDefault(p: Pick<UserProp, 'type' | 'multiple' | 'required'> & { defaultValue?: unknown }): unknown {
  const value = p.defaultValue === undefined || p.defaultValue === null ? typeDefaultValue(p) : p.defaultValue;
  return Array.isArray(value) ? [...value] : value;
}
