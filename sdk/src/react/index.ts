/**
 * `@comptoir/sdk/react`: what a plugin's React remote imports. The shell provides the context
 * (API client, user, active company, permissions); this module is a shared singleton, so the
 * remote reads the shell's context, not a copy of its own.
 */
export { ComptoirContext, ComptoirProvider, PluginScope, PluginScopeContext, useComptoir } from './context.ts';
export type { UseComptoir } from './context.ts';
export { useList, useEntity, useInvalidate, keyOf, listKey, entityKey, collectionKey } from './queries.ts';
export type { QueryFlags } from './queries.ts';
export { formatMoney, formatNumber, formatDate, formatDateTime, LOCALE, TIME_ZONE } from './format.ts';
export { formatSize, SIZE_UNITS, type SizeBase } from '../format-size.ts';
export { addDays, dayOf, endOfDay, noonOf, startOfDay, today } from './days.ts';
export type { ComptoirUser, ComptoirCompany, ComptoirValue, PluginScopeValue } from './types.ts';
export { remoteName, remoteBase, manifestUrl, REMOTE_ENTRY, REMOTE_MANIFEST } from './federation.ts';
export { documentTitle, usePageTitle, useSectionTitle } from './title.ts';
