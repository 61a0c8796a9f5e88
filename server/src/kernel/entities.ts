/** The platform entities of the `kernel` plugin (spec 001 §3, spec 000 §3 Company). */
import { defineEntity } from '@comptoir/sdk';
import {
  User, UserCompanyProfile, Session, Role, AccessToken, ConfirmationCode, ServerSettings,
  Company, CompanySettings, SMTPSettings, Activity, Establishment,
} from '@comptoir/schemas';

export const Users = defineEntity({
  plugin: 'kernel', name: 'users', table: 'kernel_users', schema: User, companyScoped: false,
  label: 'utilisateur', hidden: ['password'],
});

export const Profiles = defineEntity({
  plugin: 'kernel', name: 'user-company-profiles', table: 'kernel_user_company_profiles', schema: UserCompanyProfile,
  companyScoped: true, label: 'profil',
});

export const Sessions = defineEntity({
  plugin: 'kernel', name: 'sessions', table: 'kernel_sessions', schema: Session, companyScoped: false,
  label: 'session', hidden: ['tokenHash'], noActivity: true,
});

/** Company roles carry `fk.company`; global roles (server-wide) have none and are seen unscoped only. */
export const Roles = defineEntity({
  plugin: 'kernel', name: 'roles', table: 'kernel_roles', schema: Role, companyScoped: true, label: 'rôle',
});

export const AccessTokens = defineEntity({
  plugin: 'kernel', name: 'access-tokens', table: 'kernel_access_tokens', schema: AccessToken, companyScoped: false,
  label: 'jeton d’accès', hidden: ['tokenHash'],
});

export const ConfirmationCodes = defineEntity({
  plugin: 'kernel', name: 'confirmation-codes', table: 'kernel_confirmation_codes', schema: ConfirmationCode,
  companyScoped: false, label: 'code de confirmation', noActivity: true,
});

export const ServerSettingsEntity = defineEntity({
  plugin: 'kernel', name: 'server-settings', table: 'kernel_server_settings', schema: ServerSettings,
  companyScoped: false, label: 'paramètres du serveur',
});

export const Companies = defineEntity({
  plugin: 'kernel', name: 'companies', table: 'kernel_companies', schema: Company, companyScoped: false,
  label: 'entreprise', activityCompany: (doc) => doc._id,
});

export const CompanySettingsEntity = defineEntity({
  plugin: 'kernel', name: 'company-settings', table: 'kernel_company_settings', schema: CompanySettings,
  companyScoped: true, label: 'paramètres de l’entreprise',
});

export const SmtpSettingsEntity = defineEntity({
  plugin: 'kernel', name: 'smtp-settings', table: 'kernel_smtp_settings', schema: SMTPSettings,
  companyScoped: true, label: 'paramètres SMTP', hidden: ['auth.pass'],
});

/** Activities of user-level changes (a user's own settings) have no company. */
export const Activities = defineEntity({
  plugin: 'kernel', name: 'activities', table: 'kernel_activities', schema: Activity, companyScoped: true,
  label: 'activité', noActivity: true,
});

/** Places of a company (shops, rooms' buildings) with their opening hours; read by POS and booking. */
export const Establishments = defineEntity({
  plugin: 'kernel', name: 'establishments', table: 'kernel_establishments', schema: Establishment, companyScoped: true,
  label: 'établissement',
});

export const KERNEL_ENTITIES = [
  Users, Profiles, Sessions, Roles, AccessTokens, ConfirmationCodes, ServerSettingsEntity,
  Companies, CompanySettingsEntity, SmtpSettingsEntity, Activities, Establishments,
];
