/**
 * The public page of an invitation link, loaded by Boot.tsx for `/invitation/<key>` whether or not
 * someone is signed in: Mantine, TanStack Query and the SDK client, without the shell's frame.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@comptoir/sdk/ui/accessibility.css';
import { useEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api.ts';
import { cssVariables, theme } from '../app/theme.ts';
import { InvitationPage } from './InvitationPage.tsx';
import { installErrorRevealer, installFocusKeeper } from '@comptoir/sdk/ui';

export default function InvitationApp({ invitationKey }: { invitationKey: string }) {
  useEffect(() => { document.title = 'Invitation — Comptoir'; }, []);
  // the same guards as the shell's: focus never lost, a refused form shows its first error
  useEffect(() => installFocusKeeper(document), []);
  useEffect(() => installErrorRevealer(document), []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light">
        <Notifications position="bottom-right" />
        <InvitationPage invitationKey={invitationKey} />
      </MantineProvider>
    </QueryClientProvider>
  );
}
