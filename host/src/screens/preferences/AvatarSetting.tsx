/**
 * My avatar (schemas README « User »: the attachment of my account tagged `avatar`): POST /api/kernel/avatar
 * with one image, progress shown, or DELETE to go back to my initials. The answer is my account,
 * put at once into the session so the user menu shows the new picture.
 */
import { Alert, Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useComptoir, type ComptoirUser } from '@comptoir/sdk/react';
import { Section } from '@comptoir/sdk/ui';
import { useImageSetting } from '../shared/useImageSetting.ts';
import { avatarUrl, initials } from '../../layout/avatar.ts';
import { useSetMe } from './useSaveMe.ts';

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp,image/tiff,image/svg+xml,image/x-icon,.ico';

export function AvatarSetting() {
  const { user } = useComptoir();
  const setMe = useSetMe();
  const { percent, error, upload, remove } = useImageSetting<ComptoirUser>(
    '/kernel/avatar', setMe, { saved: 'Votre photo est enregistrée.', removed: 'Votre photo est retirée.' },
  );
  if (!user) return null;
  const url = avatarUrl(user, 's160');

  return (
    <Section title="Photo" description="Affichée dans le menu de votre compte, dans toutes vos entreprises.">
      <Group align="center" gap="lg">
        <Avatar src={url} size={96} radius={96} alt={url ? 'Votre photo' : undefined} data-testid="avatar-preview">
          {initials(user)}
        </Avatar>
        <Stack gap="xs">
          <Group>
            <FileButton accept={ACCEPTED} onChange={(file) => { if (file) upload(file); }}>
              {(props) => <Button {...props} loading={percent !== null} data-testid="avatar-upload">{url ? 'Changer de photo' : 'Choisir une photo'}</Button>}
            </FileButton>
            {url && (
              <Button variant="subtle" color="red" disabled={percent !== null}
                onClick={remove}>
                Retirer la photo
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">PNG, JPEG, WebP, GIF, TIFF, SVG ou ICO.</Text>
        </Stack>
      </Group>
      {percent !== null && <Progress value={percent} aria-label="Progression de l’envoi" />}
      {error && <Alert color="red" title="Photo refusée" role="alert">{error}</Alert>}
    </Section>
  );
}
