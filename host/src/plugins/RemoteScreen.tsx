/** Mounts a plugin's `./App` from its remote, in a plugin scope, an error boundary and Suspense. */
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { DatesProviderSettings } from '@mantine/dates';
import { PluginScope } from '@comptoir/sdk/react';
import { ScreenLoader } from '../layout/FullPageLoader.tsx';
import { loadPluginModule } from './federation.ts';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';

/** What a plugin's `./App` receives. */
export interface RemoteAppProps {
  /** the shell route it is mounted under, e.g. `/factures` */
  basePath: string;
}

type RemoteComponent = ComponentType<RemoteAppProps>;

const FRENCH_DATES: DatesProviderSettings = { locale: 'fr', firstDayOfWeek: 1, weekendDays: [0, 6] };

/**
 * Mantine's date pickers read their locale from DatesProvider: it comes with the first remote, so
 * the login page does not download @mantine/dates.
 */
async function withFrenchDates(Remote: RemoteComponent): Promise<RemoteComponent> {
  const [{ DatesProvider }] = await Promise.all([import('@mantine/dates'), import('dayjs/locale/fr')]);
  return function FrenchDates(props: RemoteAppProps) {
    return (
      <DatesProvider settings={FRENCH_DATES}>
        <Remote {...props} />
      </DatesProvider>
    );
  };
}

const components = new Map<string, LazyExoticComponent<RemoteComponent>>();

function remoteComponent(pluginId: string, exposed: string, attempt: number) {
  const key = `${pluginId}|${exposed}|${attempt}`;
  let component = components.get(key);
  if (!component) {
    component = lazy(async () => {
      const mod = await loadPluginModule<{ default?: RemoteComponent }>(pluginId, exposed, attempt > 0);
      const Remote = mod.default;
      if (typeof Remote !== 'function' && typeof Remote !== 'object') {
        throw new Error(`${exposed} n'exporte pas de composant par défaut`);
      }
      return { default: await withFrenchDates(Remote) };
    });
    components.set(key, component);
  }
  return component;
}

export function RemoteScreen({ pluginId, basePath, exposed = './App' }: { pluginId: string; basePath: string; exposed?: string }) {
  const [attempt, setAttempt] = useState(0);
  // the same component object on every render: remoteComponent() keeps one per plugin, screen and attempt
  const Remote = remoteComponent(pluginId, exposed, attempt);
  return (
    <PluginScope pluginId={pluginId} basePath={basePath}>
      <RemoteErrorBoundary key={`${pluginId}-${attempt}`} pluginId={pluginId} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<ScreenLoader />}>
          {/* eslint-disable-next-line react-hooks/static-components -- cached, see above */}
          <Remote basePath={basePath} />
        </Suspense>
      </RemoteErrorBoundary>
    </PluginScope>
  );
}
