/** The French sentences of « Téléphonie », in one place so that tests and screens quote them exactly. */
export const NO_QUEUE = (context: string) => `Aucune file d’appels active ne prend le contexte « ${context} ».`;
export const CALL_ENDED = 'Cet appel est terminé : Asterisk a déjà reçu l’ordre de raccrocher ou de quitter la file.';
export const SECRET_NOT_WRITABLE = 'Le mot de passe SIP d’un poste est généré par le serveur.';
export const NO_USERS_FOR_SERVER = 'Ce serveur n’a aucun poste.';
export const USERNAME_TAKEN = (u: string) => `Un poste porte déjà l’identifiant « ${u} ».`;
