/**
 * The first screen, with nothing but React: the login page when no session is stored, else the
 * app, loaded lazily (App.tsx: Mantine, the router, TanStack Query, the SDK client and their
 * styles — the heavy shared singletons). Signing in downloads the app (it started at the first
 * keystroke); signing out, or a session that ends, comes back here. An invitation link
 * (`/invitation/<key>`) opens its public page instead, signed in or not.
 */
import { Component, lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { LoginPage } from '../session/LoginPage.tsx';
import { hasStoredSession } from '../session/signIn.ts';
import { BootScreen } from './BootScreen.tsx';
import { invitationKeyOf } from '../public-invitation/invitationPath.ts';
import './boot.css';

const loadApp = () => import('./App.tsx');
const App = lazy(loadApp);
const InvitationApp = lazy(() => import('../public-invitation/InvitationApp.tsx'));

function prefetchApp(): void {
  // a failed download is retried by the real import after sign-in
  loadApp().catch(() => {});
}

export function Boot() {
  const invitationKey = invitationKeyOf(window.location.pathname);
  if (!invitationKey) return <SignedInBoot />;
  return (
    <AppLoadBoundary>
      <Suspense fallback={<BootScreen label="Chargement de l’invitation…" />}>
        <InvitationApp invitationKey={invitationKey} />
      </Suspense>
    </AppLoadBoundary>
  );
}

function SignedInBoot() {
  const [signedIn, setSignedIn] = useState(hasStoredSession);
  const [notice, setNotice] = useState<string | null>(null);

  const signedOut = useCallback((message: string | null) => {
    setNotice(message);
    setSignedIn(false);
  }, []);

  const onSignedIn = useCallback(async () => {
    try {
      await loadApp();
    } catch {
      throw new Error('Vous êtes connecté, mais Comptoir n’a pas pu être téléchargé. Vérifiez votre connexion et réessayez.');
    }
    setNotice(null);
    setSignedIn(true);
  }, []);

  if (!signedIn) return <LoginPage notice={notice} onSignedIn={onSignedIn} prefetch={prefetchApp} />;
  return (
    <AppLoadBoundary>
      <Suspense fallback={<BootScreen label="Chargement de Comptoir…" />}>
        <App onSignedOut={signedOut} />
      </Suspense>
    </AppLoadBoundary>
  );
}

/** The app could not be downloaded (network, a deployment in between): say so, offer a reload. */
class AppLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[comptoir] chargement de l’application', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="cpt-boot cpt-login">
        <div className="cpt-card" role="alert">
          <h1 className="cpt-title">Comptoir</h1>
          <div className="cpt-alert cpt-alert-error">
            <strong>Chargement impossible</strong>
            <span>Comptoir n’a pas pu être téléchargé. Vérifiez votre connexion, puis rechargez la page.</span>
          </div>
          <button type="button" className="cpt-button" onClick={() => window.location.reload()}>Recharger la page</button>
        </div>
      </main>
    );
  }
}
