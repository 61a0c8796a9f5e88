/** French e-mail templates: one function per message, answering its subject and bodies. */

export interface MailContent { subject: string; text: string; html: string }

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function paragraphs(lines: string[]): string {
  return lines.map((l) => `<p>${escape(l)}</p>`).join('\n');
}

/** Sent by « Tester » on the mail server settings: proves the company's SMTP settings work. */
export function smtpTestMail(input: { companyName: string; host: string }): MailContent {
  const subject = 'Test de votre serveur d’envoi';
  const lines = [
    'Bonjour,',
    `Ce message confirme que le serveur d’envoi de « ${input.companyName} » (${input.host}) fonctionne : les e-mails de Comptoir partiront bien par lui.`,
    'Vous n’avez rien d’autre à faire.',
    '— Comptoir',
  ];
  return { subject, text: lines.join('\n\n'), html: paragraphs(lines) };
}

/** The link of an invitation, sent by an administrator (one message per address). */
export function invitationMail(input: {
  companyName: string; invitationName: string; senderName: string; link: string; roles: string[]; manual: boolean;
}): MailContent {
  const subject = `Invitation à rejoindre ${input.companyName} sur Comptoir`;
  const before = [
    'Bonjour,',
    `${input.senderName} vous invite à rejoindre « ${input.companyName} » sur Comptoir (invitation « ${input.invitationName} »).`,
    ...(input.roles.length ? [`Rôles proposés : ${input.roles.join(', ')}.`] : []),
  ];
  const after = [
    input.manual
      ? 'Ouvrez ce lien, connectez-vous ou créez votre compte, puis envoyez votre demande : un administrateur de l’entreprise la validera.'
      : 'Ouvrez ce lien, connectez-vous ou créez votre compte : vous rejoindrez l’entreprise aussitôt.',
    'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
    '— Comptoir',
  ];
  const text = [...before, input.link, ...after].join('\n\n');
  const html = [
    paragraphs(before),
    `<p><a href="${escape(input.link)}">Accepter l’invitation</a></p>`,
    paragraphs(after),
  ].join('\n');
  return { subject, text, html };
}

/**
 * A notification the recipient chose to receive by e-mail (PushNotification setting `email`). The
 * choices need the application (they act as the person signed in): the mail names them.
 */
export function notificationMail(input: {
  companyName: string; title: string; content?: string; senderName?: string | null; kindName?: string | null; choices: string[];
}): MailContent {
  const subject = `${input.title} — ${input.companyName}`.slice(0, 255);
  const lines = [
    'Bonjour,',
    ...(input.senderName ? [`${input.senderName} vous a envoyé une notification dans « ${input.companyName} » :`] : [`Nouvelle notification dans « ${input.companyName} » :`]),
    input.title,
    ...(input.content ? [input.content] : []),
    ...(input.choices.length ? [`Pour y répondre (${input.choices.map((c) => `« ${c} »`).join(', ')}), ouvrez Comptoir.`] : []),
    input.kindName
      ? `Vous recevez cet e-mail car vous l’avez choisi pour les notifications « ${input.kindName} ». Vous pouvez changer ce choix dans Comptoir, Préférences → Notifications.`
      : 'Vous pouvez choisir comment vous recevez les notifications dans Comptoir, Préférences → Notifications.',
    '— Comptoir',
  ];
  return { subject, text: lines.join('\n\n'), html: paragraphs(lines) };
}
