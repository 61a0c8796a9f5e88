/** The settings panel of « Projets »: rights are edited on the « Droits » screen. */
import { Text } from '@mantine/core';

export default function Settings() {
  return <Text>Les droits des projets se règlent dans Projets → Droits.</Text>;
}
