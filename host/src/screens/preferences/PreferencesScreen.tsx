/** `/preferences` (every user): my identity, the theme, my password, my default company and how notifications reach me. */
import { Stack } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { IdentityForm } from './IdentityForm.tsx';
import { ThemeSetting } from './ThemeSetting.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ActiveCompanySetting } from './ActiveCompanySetting.tsx';
import { NotificationPreferences } from '../notifications/NotificationPreferences.tsx';
import { AvatarSetting } from './AvatarSetting.tsx';

export default function PreferencesScreen() {
  const { user } = useComptoir();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Préférences" description="Votre compte, valable dans toutes vos entreprises." />
      <Stack gap="lg" maw={900}>
        <AvatarSetting />
        <IdentityForm key={user._id} user={user} />
        <ThemeSetting />
        <PasswordForm />
        <ActiveCompanySetting />
        <NotificationPreferences />
      </Stack>
    </>
  );
}
