/**
 * The signed-in app, loaded by Boot.tsx after sign-in (or at once when a session is stored): this
 * chunk is where Mantine (and its styles), the router, TanStack Query and the SDK client come in.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
// after Mantine's: input borders, focus ring, skip link (the kit's accessibility rules)
import '@comptoir/sdk/ui/accessibility.css';
import { Root } from './Root.tsx';

export default function App({ onSignedOut }: { onSignedOut(notice: string | null): void }) {
  return <Root onSignedOut={onSignedOut} />;
}
