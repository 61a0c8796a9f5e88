/**
 * Users of a company and companies of a user are found through the profiles table with a
 * sub-query, so that a company of 100 000 members lists as fast as one of 10 (semi-join on the
 * (fk_company, fk_user) index) instead of shipping an id list to the database.
 */
import type { Knex } from 'knex';
import { Profiles, Users, Companies } from '../entities.ts';

export const usersOfCompany = (db: Knex, companyId: string) => (qb: Knex.QueryBuilder) => {
  qb.whereIn(`${Users.table}._id`, db(Profiles.table).select('fk_user').where('fk_company', companyId));
};

export const companiesOfUser = (db: Knex, userId: string) => (qb: Knex.QueryBuilder) => {
  qb.whereIn(`${Companies.table}._id`, db(Profiles.table).select('fk_company').where('fk_user', userId));
};
