/**
 * Entry of the shell. The dynamic import is the async boundary Module Federation needs: the shared
 * singletons (React, Mantine, the router...) are set up by the federation runtime before the first
 * module that uses them runs.
 */
import('./bootstrap.tsx').catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Comptoir n’a pas pu démarrer. Rechargez la page ; si le problème persiste, contactez votre administrateur.';
});
