/**
 * The contacts' own field names, for the messages of the UI kit (« E-mail 2 — Adresse : n’est pas
 * une adresse e-mail valide »): registered when the remote loads, beside the kit's common ones.
 */
import { registerFieldLabels } from '@comptoir/sdk/ui';

registerFieldLabels({
  'emails.*.email': 'Adresse',
  'emails.*.value': 'Adresse',
  'phoneNumbers.*.value': 'Numéro',
  customType: 'Nom du type',
  'events.*.date': 'Date',
  'events.*.type': 'Type de date',
  invoicesReceiver: 'Reçoit les factures',
  quotationsReceiver: 'Reçoit les devis',
});
