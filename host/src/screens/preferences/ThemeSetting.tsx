/**
 * `settings.theme`: light (the spec's default), dark, or the system's. Applied at once (the shell
 * takes the colour scheme from the session's user), then saved; a failed save puts it back.
 */
import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { notifyFailed, Section } from '@comptoir/sdk/ui';
import { useSaveMe, useSetMe } from './useSaveMe.ts';

const THEMES = [
  { value: 'light', label: 'Clair' },
  { value: 'dark', label: 'Sombre' },
  { value: 'auto', label: 'Comme le système' },
];

export function ThemeSetting() {
  const { user } = useComptoir();
  const saveMe = useSaveMe();
  const setMe = useSetMe();
  const [busy, setBusy] = useState(false);
  const current = user?.settings?.theme ?? 'light';

  async function choose(theme: string) {
    if (!user || theme === current) return;
    const previous = user.settings ?? {};
    setMe({ ...user, settings: { ...previous, theme } });
    setBusy(true);
    try {
      await saveMe({ settings: { theme } });
    } catch (e) {
      setMe({ ...user, settings: previous });
      notifyFailed(e, 'Le thème n’a pas pu être enregistré');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Apparence">
      <Stack gap="xs">
        <Text size="sm" id="theme-label">Thème de l’interface</Text>
        <SegmentedControl aria-labelledby="theme-label" data={THEMES} value={THEMES.some((t) => t.value === current) ? current : 'light'}
          onChange={(v) => void choose(v)} disabled={busy} w="fit-content" data-testid="theme-setting" />
      </Stack>
    </Section>
  );
}
