/**
 * `/invitation/<key>`: which company invites, through which invitation, with which roles; then,
 * depending on the visitor, join (signed in), create an account or sign in first, wait for an
 * administrator (« en attente de validation »), or enter the company. A pending request is checked
 * again every few seconds: the person has no company yet, hence no live channel, and the decision
 * is shown as a notification as soon as it is known.
 */
import { useEffect, useRef } from 'react';
import { Alert, Anchor, Badge, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../api.ts';
import { checkInvitation, checkKey, enterCompany, type CheckAnswer } from './invitationApi.ts';
import { useVisitor } from './useVisitor.ts';
import { JoinForms } from './JoinForms.tsx';
import { SignedInJoin } from './SignedInJoin.tsx';

/** How often a pending request is looked at again. */
const PENDING_REFRESH_MS = 3000;

const waiting = (c: CheckAnswer | undefined) => c?.status === 'pending' && !c.alreadyInCompany;

/** Tells the decision once, when a request seen pending is decided. */
function useDecisionNotice(check: CheckAnswer | undefined) {
  const wasPending = useRef(false);
  useEffect(() => {
    if (!check) return;
    if (wasPending.current && check.alreadyInCompany) {
      notifications.show({
        title: 'Demande acceptée', color: 'teal', autoClose: false, withCloseButton: true, 'data-testid': 'invitation-decision',
        message: `Bienvenue chez ${check.companyName} : votre demande d’accès a été acceptée.`,
      });
    } else if (wasPending.current && check.status === 'rejected') {
      notifications.show({
        title: 'Demande refusée', color: 'orange', autoClose: false, withCloseButton: true, 'data-testid': 'invitation-decision',
        message: `Votre demande pour rejoindre ${check.companyName} n’a pas été acceptée.`,
      });
    }
    wasPending.current = waiting(check);
  }, [check]);
}

export function InvitationPage({ invitationKey }: { invitationKey: string }) {
  const queries = useQueryClient();
  const { token, visitor, loading, signedIn, signOut } = useVisitor();
  const check = useQuery({
    queryKey: [...checkKey(invitationKey), token],
    queryFn: () => checkInvitation(invitationKey),
    enabled: !loading,
    retry: false,
    refetchInterval: (q) => (waiting(q.state.data) ? PENDING_REFRESH_MS : false),
    refetchIntervalInBackground: true,
  });
  useDecisionNotice(check.data);
  const refresh = () => queries.invalidateQueries({ queryKey: checkKey(invitationKey) });
  const c = check.data;

  return (
    <Container size={520} py={48}>
      <Stack>
        <Text fw={700} size="lg" ta="center">Comptoir</Text>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {check.isPending && <Center py="xl"><Loader aria-label="Chargement de l’invitation" /></Center>}
          {check.isError && (
            <Stack>
              <Title order={1} size="h3">Invitation indisponible</Title>
              <Alert color="red" role="alert">{errorMessage(check.error)}</Alert>
              <Anchor href="/" size="sm">Aller à Comptoir</Anchor>
            </Stack>
          )}
          {c && (
            <Stack>
              <div>
                <Text size="sm" c="dimmed">Invitation à rejoindre</Text>
                <Title order={1} size="h2" data-testid="invitation-company">{c.companyName}</Title>
              </div>
              <div>
                <Text fw={600} data-testid="invitation-name">{c.invitation.name}</Text>
                {c.invitation.description && <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{c.invitation.description}</Text>}
              </div>
              {c.roles.length > 0 && (
                <Group gap={6} aria-label="Rôles proposés">
                  <Text size="sm">Rôles proposés :</Text>
                  {c.roles.map((r) => <Badge key={r._id} variant="light" tt="none">{r.name}</Badge>)}
                </Group>
              )}
              <Outcome check={c} visitor={visitor} invitationKey={invitationKey} onChange={() => { signedIn(); void refresh(); }} onSignOut={signOut} />
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}

interface OutcomeProps {
  check: CheckAnswer;
  visitor: ReturnType<typeof useVisitor>['visitor'];
  invitationKey: string;
  onChange(): void;
  onSignOut(): Promise<void>;
}

/** What the visitor can do now, from where they stand. */
function Outcome({ check, visitor, invitationKey, onChange, onSignOut }: OutcomeProps) {
  if (check.alreadyInCompany) {
    return (
      <Stack data-testid="invitation-member">
        <Alert color="teal" title={check.status === 'accepted' ? 'Demande acceptée' : 'Vous êtes membre'}>
          Vous faites partie de {check.companyName}.
        </Alert>
        <Button onClick={() => enterCompany(check.companyId)}>Accéder à {check.companyName}</Button>
      </Stack>
    );
  }
  if (check.status === 'pending') {
    return (
      <Alert color="orange" title="En attente de validation" data-testid="invitation-pending">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Loader size="xs" color="orange" mt={4} />
          <span>
            Votre demande est envoyée. Un administrateur de {check.companyName} doit l’accepter : cette page se met à jour
            d’elle-même dès sa réponse.
          </span>
        </Group>
      </Alert>
    );
  }
  if (check.status === 'rejected') {
    return (
      <Alert color="orange" title="Demande refusée" data-testid="invitation-rejected">
        Votre demande pour rejoindre {check.companyName} n’a pas été acceptée. Demandez une nouvelle invitation à l’entreprise si besoin.
      </Alert>
    );
  }
  if (visitor) {
    return <SignedInJoin check={check} visitor={visitor} invitationKey={invitationKey} onJoined={onChange} onSignOut={onSignOut} />;
  }
  return <JoinForms check={check} invitationKey={invitationKey} onSignedIn={onChange} />;
}
