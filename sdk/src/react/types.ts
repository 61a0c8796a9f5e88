/** What the shell knows about the session, as the remotes see it through `useComptoir()`. */
import type { ComptoirClient } from '../client/index.ts';

export interface ComptoirUser {
  _id: string;
  email: string;
  firstname?: string;
  name?: string;
  settings?: { theme?: string; activeCompanyId?: string | null };
  [field: string]: unknown;
}

export interface ComptoirCompany {
  _id: string;
  name: string;
  brandName?: string;
  [field: string]: unknown;
}

export interface ComptoirValue {
  /** the shell's HTTP client: bearer token and AT-Company are already set */
  api: ComptoirClient;
  user: ComptoirUser | null;
  /** the active company (the `AT-Company` of every call) */
  company: ComptoirCompany | null;
  /** permissions of the user in the active company */
  permissions: readonly string[];
  /** god in the active company: every permission */
  god: boolean;
  /** switches the active company and reloads every query */
  switchCompany(companyId: string): Promise<void>;
  logout(): Promise<void>;
}

export interface PluginScopeValue {
  /** id of the plugin whose screen is mounted (`contacts`) */
  pluginId: string;
  /** the shell route the remote is mounted under (`/clients`) */
  basePath: string;
}
