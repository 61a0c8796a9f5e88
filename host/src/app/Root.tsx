/** Providers, outermost first: query cache, session, Mantine (theme from the user), router. */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { api, queryClient } from '../api.ts';
import { SessionProvider, useSession } from '../session/SessionProvider.tsx';
import { LoginPage } from '../session/LoginPage.tsx';
import { SessionError } from '../session/SessionError.tsx';
import { AppLayout } from '../layout/AppLayout.tsx';
import { FullPageLoader } from '../layout/FullPageLoader.tsx';
import { colorSchemeOf, theme } from './theme.ts';

export function Root() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider api={api}>
        <Themed />
      </SessionProvider>
    </QueryClientProvider>
  );
}

function Themed() {
  const session = useSession();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" forceColorScheme={colorSchemeOf(session.user?.settings?.theme)}>
      <BrowserRouter>
        {session.status === 'anonymous' && <LoginPage />}
        {session.status === 'loading' && <FullPageLoader label="Chargement de votre session…" />}
        {session.status === 'error' && <SessionError />}
        {session.status === 'ready' && <AppLayout />}
      </BrowserRouter>
    </MantineProvider>
  );
}
