/**
 * Users of a company and companies of a user are found through the profiles table with a
 * correlated EXISTS on its (fk_company, fk_user) / (fk_user, fk_company) indexes, so that a
 * company of 100 000 members lists as fast as one of 10: SQLite then walks the list's own sort
 * index instead of materialising and sorting every member (an `IN (SELECT …)` made it sort them
 * all on every page; see bench/README.md).
 */
import type { Knex } from 'knex';
import { Profiles, Users, Companies } from '../../../entities/platform.ts';

export const usersOfCompany = (db: Knex, companyId: string) => (qb: Knex.QueryBuilder) => {
  qb.whereExists(db(Profiles.table).select(db.raw('1'))
    .where(`${Profiles.table}.fk_company`, companyId)
    .whereRaw('?? = ??', [`${Profiles.table}.fk_user`, `${Users.table}._id`]));
};

export const companiesOfUser = (db: Knex, userId: string) => (qb: Knex.QueryBuilder) => {
  qb.whereExists(db(Profiles.table).select(db.raw('1'))
    .where(`${Profiles.table}.fk_user`, userId)
    .whereRaw('?? = ??', [`${Profiles.table}.fk_company`, `${Companies.table}._id`]));
};
