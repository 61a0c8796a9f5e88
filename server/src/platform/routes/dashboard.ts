/**
 * /api/kernel/dashboard: the home page's widgets and first-run steps, contributed by the plugins
 * (sdk/src/dashboard.ts) and computed for the caller in the active company (any member; each
 * contribution may ask a permission of its own). Logic: services/dashboard/.
 */
import { route, type RouteDefinition } from '@comptoir/sdk';
import { loadDashboard } from '../services/dashboard/assemble.ts';

export const dashboardRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/dashboard',
    summary: 'Tableau de bord de l’entreprise active : blocs de chiffres et premiers pas (ceux que l’on a le droit de voir)',
    handler: (req) => loadDashboard(req),
  }),
];
