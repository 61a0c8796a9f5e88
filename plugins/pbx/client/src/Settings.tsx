/** The settings panel of « Téléphonie »: the servers and first configuration are set through the API for now (README « Left to do »). */
import { Text } from '@mantine/core';

export default function Settings() {
  return <Text>Les serveurs Asterisk, numéros SIP et contextes se règlent par l’API (/api/pbx) ; les files d’appels dans « Files de traitement ».</Text>;
}
