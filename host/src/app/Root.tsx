/** Providers, outermost first: query cache, session, Mantine (theme from the user), router, live updates. */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { api, queryClient } from '../api.ts';
import { SessionProvider, useSession } from '../session/SessionProvider.tsx';
import { SessionError } from '../session/SessionError.tsx';
import { AppLayout } from '../layout/AppLayout.tsx';
import { FullPageLoader } from '../layout/FullPageLoader.tsx';
import { LiveProvider } from '../realtime/LiveProvider.tsx';
import { colorSchemeOf, cssVariables, theme } from './theme.ts';

export function Root({ onSignedOut }: { onSignedOut(notice: string | null): void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider api={api} onSignedOut={onSignedOut}>
        <Themed />
      </SessionProvider>
    </QueryClientProvider>
  );
}

function Themed() {
  const session = useSession();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light" forceColorScheme={colorSchemeOf(session.user?.settings?.theme)}>
      <BrowserRouter>
        {/* anonymous: Boot already shows the login page in place of the app */}
        {session.status === 'loading' && <FullPageLoader label="Chargement de votre session…" />}
        {session.status === 'error' && <SessionError />}
        {session.status === 'ready' && (
          <LiveProvider>
            <AppLayout />
          </LiveProvider>
        )}
      </BrowserRouter>
    </MantineProvider>
  );
}
