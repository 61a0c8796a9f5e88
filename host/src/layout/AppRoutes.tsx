/** The shell's screens (screens/index.ts) and one route per plugin menu entry, `/<path>/*`. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useSectionTitle } from '@comptoir/sdk/react';
import { SCREENS } from '../screens/index.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { pluginRoutes, usePlugins } from '../plugins/usePlugins.ts';
import { RemoteScreen } from '../plugins/RemoteScreen.tsx';
import { RemoteErrorBoundary } from '../plugins/RemoteErrorBoundary.tsx';
import { ScreenLoader } from './FullPageLoader.tsx';

// created once: a lazy component made during render would reload its screen at every render
const screenComponents = new Map(SCREENS.map((s) => [s.path, lazy(s.load)]));
const NotFound = lazy(() => import('../screens/not-found.tsx'));

/** The section's document title; a screen's PageHeader adds its own before it (usePageTitle). */
function Titled({ label, children }: { label: string; children: ReactNode }) {
  useSectionTitle(label);
  return children;
}

export function AppRoutes() {
  const { can } = useSession();
  const plugins = usePlugins();
  const routes = pluginRoutes(plugins.data);
  return (
    <Suspense fallback={<ScreenLoader />}>
      <Routes>
        {SCREENS.filter((s) => !s.permission || can(s.permission)).map((s) => {
          const Screen = screenComponents.get(s.path)!;
          return (
            <Route
              key={s.path}
              path={s.path === '/' ? '/' : `${s.path}/*`}
              element={
                <Titled label={s.label}>
                  <RemoteErrorBoundary onRetry={() => window.location.reload()}>
                    <Screen />
                  </RemoteErrorBoundary>
                </Titled>
              }
            />
          );
        })}
        {routes.map((r) => (
          <Route
            key={r.path}
            path={`${r.path}/*`}
            element={
              <Titled label={r.entry.label}>
                <RemoteScreen key={r.plugin.id} pluginId={r.plugin.id} basePath={r.path} />
              </Titled>
            }
          />
        ))}
        <Route path="*" element={plugins.isPending ? <ScreenLoader /> : <Titled label="Page introuvable"><NotFound /></Titled>} />
      </Routes>
    </Suspense>
  );
}
