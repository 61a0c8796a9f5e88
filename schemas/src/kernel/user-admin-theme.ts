/**
 * The back-office look chosen by a user (schemas README « UserAdminTheme »). A plain JSON value;
 * the spec gives no default for border, outline and inverse: they are off.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str } from '../kinds.ts';

export const UserAdminThemePanelSettings = Type.Object({
  border: Type.Boolean({ default: false }),
  outline: Type.Boolean({ default: false }),
  inverse: Type.Boolean({ default: false }),
  color: Str({ default: 'light' }),
  headerColor: Str({ default: 'info' }),
  headerMode: Str({ default: 'alert' }),
}, { additionalProperties: false, default: {} });

export const UserAdminThemeSideMenuSettings = Type.Object({
  alertStyleByDefault: Type.Boolean({ default: true }),
  textColor: Str({ default: 'muted' }),
}, { additionalProperties: false, default: {} });

export const UserAdminTheme = Type.Object({
  name: Str({ default: 'bootstrap' }),
  dark: Type.Boolean({ default: false }),
  panelSettings: UserAdminThemePanelSettings,
  sideMenuSettings: UserAdminThemeSideMenuSettings,
}, { additionalProperties: false, default: {} });
export type UserAdminTheme = Static<typeof UserAdminTheme>;
