/**
 * What a part of a form needs from its Mantine form. `UseFormReturnType` does not resolve under
 * `moduleResolution: nodenext` (@mantine/form 9.7's index.d.mts re-exports './types' without an
 * extension), so the sub-components take this narrower view instead.
 */

/** The shape Mantine's getInputProps returns (its fields are `any` there too: they spread onto any input). */
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface InputProps {
  onChange: any;
  value?: any;
  defaultValue?: any;
  checked?: any;
  defaultChecked?: any;
  error?: any;
  onFocus?: any;
  onBlur?: any;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface FormFields<V> {
  values: V;
  // method syntax: a real form's generic getInputProps is accepted
  getInputProps(path: string, options?: { type?: 'input' | 'checkbox' | 'radio' }): InputProps;
}
