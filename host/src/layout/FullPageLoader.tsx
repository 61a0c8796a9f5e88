import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">{label}</Text>
      </Stack>
    </Center>
  );
}

export function ScreenLoader() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader size="sm" />
    </Center>
  );
}
