/** `@comptoir/sdk/client`: the HTTP client; see sdk/README-client.md. */
export { ComptoirClient, createClient, DEFAULT_FILE_NAME, DEFAULT_OPEN_MIME, OBJECT_URL_LIFETIME_MS } from './http-client.ts';
export type { ErrorListener } from './http-client.ts';
export { ApiError, NETWORK_ERROR, isErrorBody } from './api-error.ts';
export type { ApiErrorInit, ErrorBody } from './api-error.ts';
export { BLOB_READ_ERROR } from './multipart.ts';
export { MemoryStorage, SessionStore, DEFAULT_STORAGE_KEYS, defaultStorage } from './storage.ts';
export { createPagination, DEFAULT_QUANTITY, DEFAULT_SORT } from './query.ts';
export type * from './types.ts';
export type { DashboardView, DashboardWidgetView, FirstStepView, WidgetChart, WidgetContent, WidgetFigure, WidgetTone } from '../dashboard.ts';
