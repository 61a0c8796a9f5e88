/**
 * What a part of a form needs from its Mantine form, lists included. `UseFormReturnType` does not
 * resolve under `moduleResolution: nodenext` (see @comptoir/sdk/ui formFields.ts): the editors
 * take this narrower view.
 */
import type { ReactNode } from 'react';
import type { FormFields } from '@comptoir/sdk/ui';

export interface ListForm<V> extends FormFields<V> {
  errors: Record<string, ReactNode>;
  // method syntax: a real form's generic methods are accepted
  insertListItem(path: string, item: unknown): void;
  removeListItem(path: string, index: number): void;
  setFieldValue(path: string, value: unknown): void;
}
