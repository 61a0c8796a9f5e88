/**
 * After the async boundary of index.ts: React and the first screen only (app/Boot.tsx). Mantine,
 * the router, TanStack Query and the SDK client are shared singletons the app chunk brings in after
 * sign-in; the login page does not wait for them.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/Boot.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
