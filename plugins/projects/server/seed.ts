/**
 * Examples of « Projets » for the demo company (`npm start`, `npm run seed-demo`): the bakery's
 * « Nouvelle vitrine » project with an idea in progress (two task lists), an accepted idea and an
 * issue, written through the plugin's services so that progress and status are computed as for
 * real ones. Nothing is added when the company already has a project.
 */
import type { CallContext } from '@comptoir/sdk';
import { Projects } from './entities.ts';
import { projectsService } from './services/projects/projects.ts';
import { itemsService } from './services/items/items.ts';

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Projects).count()) > 0) return;
  const project = await projectsService(ctx).create({
    name: 'Nouvelle vitrine', description: 'Refaire la vitrine de la boutique avant les fêtes.', hourlyRate: 45, vatRate: 20,
  });
  const items = itemsService(ctx);
  await items.create({
    type: 'idea', name: 'Vitrine de Noël', description: 'Décor et mise en avant des bûches.', priority: 'high', accepted: true,
    fk: { project: project._id },
    taskLists: [
      { name: 'Décor', tasks: [{ name: 'Choisir le thème', progress: 100 }, { name: 'Acheter les guirlandes', progress: 50 }, { name: 'Installer', progress: 0 }] },
      { name: 'Produits', tasks: [{ name: 'Liste des bûches', progress: 100 }, { name: 'Étiquettes de prix', progress: 0 }] },
    ],
  });
  await items.create({ type: 'idea', name: 'Ardoise des pains du jour', fk: { project: project._id } });
  await items.create({
    type: 'issue', name: 'Éclairage de la vitrine en panne', description: 'Le spot de gauche ne s’allume plus.', priority: 'urgent', alert: true,
    alertMessage: 'À réparer avant samedi.', fk: { project: project._id },
  });
}
