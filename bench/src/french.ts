/**
 * Deterministic French-looking data for the benchmark volumes: people (first names, family names
 * with their accents and particles), companies (trade, family name, legal form), towns with their
 * postcodes. A seeded generator makes every run insert the same rows in the same order.
 */

/** mulberry32: small, fast, seeded; good enough to spread names and amounts. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];

/** A skewed pick: the first names of a frequency-ordered list come up more often, as in a real register. */
export const skewed = <T>(r: () => number, list: readonly T[], power = 1.7): T => list[Math.floor(Math.pow(r(), power) * list.length)];

/** A person's first and family names, skewed towards the frequent ones. */
export function person(r: () => number): { female: boolean; firstname: string; name: string } {
  const female = r() < 0.5;
  const firstname = female ? skewed(r, FIRSTNAMES_F) : skewed(r, FIRSTNAMES_M);
  const name = skewed(r, FAMILY_NAMES);
  return { female, firstname, name };
}

export const FIRSTNAMES_F = [
  'Marie', 'Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Sarah', 'Emma', 'Louise', 'Jade', 'Zoé', 'Élise',
  'Anaïs', 'Céline', 'Hélène', 'Nathalie', 'Isabelle', 'Sophie', 'Sandrine', 'Valérie', 'Aurélie', 'Margaux',
  'Clémence', 'Juliette', 'Agathe', 'Noémie', 'Maëlle', 'Béatrice', 'Françoise', 'Geneviève', 'Mélanie',
  'Océane', 'Éloïse', 'Laëtitia', 'Solène', 'Capucine', 'Héloïse', 'Joséphine', 'Cécile', 'Brigitte',
] as const;

export const FIRSTNAMES_M = [
  'Jean', 'Pierre', 'Louis', 'Lucas', 'Hugo', 'Théo', 'Nathan', 'Gabriel', 'Arthur', 'Jules', 'Raphaël',
  'Mathéo', 'Noël', 'Éric', 'Frédéric', 'François', 'Jérôme', 'Stéphane', 'Sébastien', 'Nicolas', 'Olivier',
  'Benoît', 'Thierry', 'Laurent', 'Guillaume', 'Maxime', 'Antoine', 'Rémi', 'Aurélien', 'Gaëtan', 'Loïc',
  'Hervé', 'Grégoire', 'Timothée', 'Côme', 'Anatole', 'Étienne', 'Joël', 'Didier', 'Bruno',
] as const;

/** Frequent French family names, accents and particles included (the `contains` filter folds them). */
export const FAMILY_NAMES = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent',
  'Simon', 'Michel', 'Lefèvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard',
  'Bonnet', 'Dupont', 'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefebvre', 'Faure', 'André',
  'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia',
  'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu', 'Gautier', 'Masson',
  'Marchand', 'Duval', 'Denis', 'Dumont', 'Marie', 'Lemaire', 'Noël', 'Meyer', 'Dufour', 'Meunier',
  'Brun', 'Blanchard', 'Giraud', 'Joly', 'Rivière', 'Lucas', 'Brunet', 'Gaillard', 'Barbier', 'Arnaud',
  'Martinez', 'Gérard', 'Roche', 'Renard', 'Schmitt', 'Roy', 'Leroux', 'Colin', 'Vidal', 'Caron',
  'Picard', 'Roger', 'Fabre', 'Aubert', 'Lemoine', 'Renaud', 'Dumas', 'Lacroix', 'Olivier', 'Philippe',
  'Bourgeois', 'Pierre', 'Benoît', 'Rey', 'Leclerc', 'Payet', 'Rolland', 'Leclercq', 'Guillaume', 'Lecomte',
  'Lopez', 'Jean', 'Dupuy', 'Guillot', 'Hubert', 'Berger', 'Carpentier', 'Sánchez', 'Dupuis', 'Moulin',
  'Louis', 'Deschamps', 'Huet', 'Vasseur', 'Perez', 'Boucher', 'Fleury', 'Royer', 'Klein', 'Jacquet',
  'Adam', 'Paris', 'Poirier', 'Marty', 'Aubry', 'Guyot', 'Carré', 'Charles', 'Renault', 'Charpentier',
  'Ménard', 'Maillard', 'Baron', 'Bertin', 'Bailly', 'Hervé', 'Schneider', 'Fernandez', 'Le Gall', 'Collet',
  'Léger', 'Bouvier', 'Julien', 'Prévost', 'Millet', 'Perrot', 'Daniel', 'Le Roux', 'Cousin', 'Germain',
  'Breton', 'Besson', 'Langlois', 'Rémy', 'Le Goff', 'Pelletier', 'Lévêque', 'Perrier', 'Leblanc', 'Barré',
  'Lebrun', 'Marchal', 'Weber', 'Mallet', 'Hamon', 'Boulanger', 'Jacob', 'Monnier', 'Michaud', 'Rodriguez',
  'Guichard', 'Gillet', 'Étienne', 'Grondin', 'Poulain', 'Tessier', 'Chevallier', 'Collin', 'Chauvin', 'Da Silva',
  'Bouchet', 'Gay', 'Lemaître', 'Bénard', 'Maréchal', 'Humbert', 'Reynaud', 'Antoine', 'Hoarau', 'Perret',
  'Barthélemy', 'Cordier', 'Pichon', 'Lejeune', 'Gilbert', 'Lamy', 'Delaunay', 'Pasquier', 'Carlier', 'Laporte',
  "d'Aubigné", 'de La Tour', 'Cœur', 'Lætitia', 'Béranger', 'Desprès', 'Évrard', 'Œillet', 'Straßer', 'Îlot',
] as const;

export const TRADES = [
  'Boulangerie', 'Pâtisserie', 'Boucherie', 'Charcuterie', 'Fromagerie', 'Épicerie', 'Café', 'Brasserie',
  'Restaurant', 'Garage', 'Carrosserie', 'Plomberie', 'Électricité', 'Menuiserie', 'Maçonnerie', 'Couverture',
  'Peinture', 'Coiffure', 'Institut de beauté', 'Fleuriste', 'Librairie', 'Pharmacie', 'Opticien', 'Cabinet',
  'Agence immobilière', 'Transports', 'Taxi', 'Ambulances', 'Informatique', 'Conseil', 'Architecture', 'Imprimerie',
  'Cordonnerie', 'Bijouterie', 'Quincaillerie', 'Caviste', 'Traiteur', 'Crèmerie', 'Poissonnerie', 'Torréfaction',
] as const;

export const LEGAL_FORMS = ['SARL', 'SAS', 'SASU', 'EURL', 'EI', 'SA', 'SCI', 'SNC'] as const;

export const TOWNS: readonly (readonly [string, string])[] = [
  ['Paris', '75011'], ['Lyon', '69003'], ['Marseille', '13006'], ['Toulouse', '31000'], ['Nice', '06000'],
  ['Nantes', '44000'], ['Strasbourg', '67000'], ['Montpellier', '34000'], ['Bordeaux', '33000'], ['Lille', '59000'],
  ['Rennes', '35000'], ['Reims', '51100'], ['Le Havre', '76600'], ['Saint-Étienne', '42000'], ['Toulon', '83000'],
  ['Grenoble', '38000'], ['Dijon', '21000'], ['Angers', '49000'], ['Nîmes', '30000'], ['Villeurbanne', '69100'],
  ['Clermont-Ferrand', '63000'], ['Le Mans', '72000'], ['Aix-en-Provence', '13100'], ['Brest', '29200'],
  ['Tours', '37000'], ['Amiens', '80000'], ['Limoges', '87000'], ['Annecy', '74000'], ['Perpignan', '66000'],
  ['Besançon', '25000'], ['Orléans', '45000'], ['Rouen', '76000'], ['Mulhouse', '68100'], ['Caen', '14000'],
  ['Nancy', '54000'], ['Argenteuil', '95100'], ['Montreuil', '93100'], ['Roubaix', '59100'], ['Avignon', '84000'],
  ['Poitiers', '86000'], ['Pau', '64000'], ['La Rochelle', '17000'], ['Béziers', '34500'], ['Quimper', '29000'],
  ['Ajaccio', '20000'], ['Colmar', '68000'], ['Saint-Malo', '35400'], ['Chambéry', '73000'], ['Évreux', '27000'],
];

export const STREETS = [
  'rue de la République', 'avenue Jean Jaurès', 'rue Victor Hugo', 'place de l’Église', 'rue du Moulin',
  'boulevard Gambetta', 'rue Pasteur', 'chemin des Vignes', 'rue de la Gare', 'allée des Tilleuls',
  'rue du Général de Gaulle', 'impasse des Lilas', 'quai de la Loire', 'rue Émile Zola', 'cours Mirabeau',
] as const;

export const NAF_CODES = ['1071C', '4711D', '5610A', '4520A', '4322A', '9602A', '4776Z', '6920Z', '7111Z', '4941A'] as const;

/** ASCII e-mail local part from a name: `Éloïse d'Aubigné` -> `eloise.daubigne`. */
export function asciiSlug(s: string): string {
  return s.normalize('NFD').replace(/\p{M}+/gu, '').replace(/œ/gi, 'oe').replace(/æ/gi, 'ae').replace(/ß/g, 'ss')
    .toLowerCase().replace(/[^a-z0-9]+/g, '');
}

export function digits(r: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(r() * 10);
  return s;
}

export function phone(r: () => number, mobile: boolean): string {
  const head = mobile ? pick(r, ['06', '07']) : pick(r, ['01', '02', '03', '04', '05']);
  return `${head} ${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)}`;
}
