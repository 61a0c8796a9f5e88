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
