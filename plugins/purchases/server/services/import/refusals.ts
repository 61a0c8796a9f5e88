/** A file that cannot be imported: a 400 naming `content`, with a French reason for a person. */
import { badRequest } from '@comptoir/sdk';

export const refuse = (message: string) => badRequest(message, [{ field: 'content', message: 'fichier refusé' }]);
