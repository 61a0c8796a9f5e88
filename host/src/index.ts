/**
 * Entry of the shell. The dynamic import is the async boundary Module Federation needs: the shared
 * singletons (React, Mantine, the router...) are set up by the federation runtime before the first
 * module that uses them runs. bootstrap.tsx only needs React (the login page, app/Boot.tsx); the
 * signed-in app and its heavy shared modules come after sign-in — or right now, in parallel, when a
 * session is stored and the app is what will show.
 */
import { hasStoredSession } from './session/signIn.ts';
import { invitationKeyOf } from './public-invitation/invitationPath.ts';

// an invitation link opens its own page (Boot.tsx), not the app
if (hasStoredSession() && !invitationKeyOf(window.location.pathname)) {
  // Boot.tsx imports it again and gets this download; a failure is reported there
  import('./app/App.tsx').catch(() => {});
}

import('./bootstrap.tsx').catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Comptoir n’a pas pu démarrer. Rechargez la page ; si le problème persiste, contactez votre administrateur.';
});
