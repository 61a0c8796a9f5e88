/**
 * Sign-in: e-mail and password; the server's French message is shown as it comes. Deliberately
 * made of plain elements and boot.css, not Mantine: the login page is the first screen, and it
 * only needs React (see host/README.md, « Taille »). `onSignedIn` loads the app.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { signIn, type LoginAnswer } from './signIn.ts';

export interface LoginPageProps {
  /** why the previous session ended (expired, revoked…) */
  notice?: string | null;
  onSignedIn(answer: LoginAnswer): Promise<void>;
  /** called once, at the first keystroke: the app starts downloading while the user types */
  prefetch?(): void;
}

export function LoginPage({ notice, onSignedIn, prefetch }: LoginPageProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const shownNotice = noticeDismissed ? null : notice;
  const [busy, setBusy] = useState(false);
  const prefetched = useRef(false);
  const id = useId();
  // a page of its own in the history and for a screen reader (the app sets the others)
  useEffect(() => { document.title = 'Connexion — Comptoir'; }, []);

  function typed() {
    if (prefetched.current || !prefetch) return;
    prefetched.current = true;
    prefetch();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email || !password || busy) return;
    setError(null);
    setNoticeDismissed(true);
    setBusy(true);
    try {
      const answer = await signIn(email.trim(), password);
      await onSignedIn(answer);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Une erreur inattendue est survenue.');
      setBusy(false);
    }
  }

  return (
    <main className="cpt-boot cpt-login">
      <form className="cpt-card" onSubmit={submit} onInput={typed} noValidate aria-labelledby={`${id}-title`}>
        <div>
          <h1 id={`${id}-title`} className="cpt-title">Comptoir</h1>
          <p className="cpt-dimmed">Connectez-vous pour accéder à votre espace de gestion.</p>
        </div>
        {shownNotice && (
          <div className="cpt-alert cpt-alert-info" role="status">
            <strong>Session terminée</strong>
            <span>{shownNotice}</span>
          </div>
        )}
        {error && (
          <div className="cpt-alert cpt-alert-error" role="alert">
            <strong>Connexion impossible</strong>
            <span>{error}</span>
          </div>
        )}
        <div className="cpt-field">
          <label htmlFor={`${id}-email`}>Adresse e-mail <span aria-hidden="true" className="cpt-required">*</span></label>
          <input
            id={`${id}-email`} type="email" autoComplete="username" required autoFocus
            value={email} onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <div className="cpt-field">
          <label htmlFor={`${id}-password`}>Mot de passe <span aria-hidden="true" className="cpt-required">*</span></label>
          <input
            id={`${id}-password`} type="password" autoComplete="current-password" required
            value={password} onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="cpt-button" disabled={!email || !password || busy} aria-busy={busy}>
          {busy && <span className="cpt-spinner cpt-spinner-small" aria-hidden="true" />}
          <span>Se connecter</span>
        </button>
      </form>
    </main>
  );
}
