/**
 * The platform's entities (the built-in plugin `kernel`, code in server/src/platform/;
 * platform README « Entities »). They sit here, below the machinery, because the machinery reads and writes
 * some of them (sessions for authentication, activities for the log, backups, notifications): the
 * machinery imports this layer, never the platform plugin itself (docs/architecture.md).
 */
import { defineEntity } from '@comptoir/sdk';
import {
  User, UserCompanyProfile, Session, Role, AccessToken, ConfirmationCode, ServerSettings,
  Company, CompanySettings, SMTPSettings, Activity, Establishment,
  Group, GroupPluginSetting, Backup,
  Invitation, InvitationStatus,
  Notification,
  FileDocument, fileTotals,
  UserProp,
} from '@comptoir/schemas';

/** Tables the machinery writes without an entity (the scheduler's claims, the login throttle). */
export const JOB_RUNS_TABLE = 'kernel_job_runs';
export const THROTTLE_TABLE = 'kernel_throttle';

export const Users = defineEntity({
  plugin: 'kernel', name: 'users', table: 'kernel_users', schema: User, companyScoped: false,
  label: 'utilisateur', hidden: ['password'],
  references: { 'fk.companies': 'kernel.companies' },
});

export const Profiles = defineEntity({
  plugin: 'kernel', name: 'user-company-profiles', table: 'kernel_user_company_profiles', schema: UserCompanyProfile,
  companyScoped: true, label: 'profil',
  references: { 'fk.user': 'kernel.users' },
});

export const Sessions = defineEntity({
  plugin: 'kernel', name: 'sessions', table: 'kernel_sessions', schema: Session, companyScoped: false,
  label: 'session', hidden: ['tokenHash'], noActivity: true,
  feminine: true,
});

/** Company roles carry `fk.company`; global roles (server-wide) have none and are seen unscoped only. */
export const Roles = defineEntity({
  plugin: 'kernel', name: 'roles', table: 'kernel_roles', schema: Role, companyScoped: true, label: 'rôle',
  userProps: false,
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
  feminine: true,
});

export const CompanySettingsEntity = defineEntity({
  plugin: 'kernel', name: 'company-settings', table: 'kernel_company_settings', schema: CompanySettings,
  companyScoped: true, label: 'paramètres de l’entreprise', userProps: false,
});

export const SmtpSettingsEntity = defineEntity({
  plugin: 'kernel', name: 'smtp-settings', table: 'kernel_smtp_settings', schema: SMTPSettings,
  companyScoped: true, label: 'paramètres SMTP', hidden: ['auth.pass'], userProps: false,
});

/** Activities of user-level changes (a user's own settings) have no company. */
export const Activities = defineEntity({
  plugin: 'kernel', name: 'activities', table: 'kernel_activities', schema: Activity, companyScoped: true,
  label: 'activité', noActivity: true, userProps: false,
  feminine: true,
});

/** Places of a company (shops, rooms' buildings) with their opening hours; read by POS and booking. */
export const Establishments = defineEntity({
  plugin: 'kernel', name: 'establishments', table: 'kernel_establishments', schema: Establishment, companyScoped: true,
  label: 'établissement',
});

/** Groups of the records of one collection (`pluginIdentifier`), a tree by `fk.parent`. */
export const Groups = defineEntity({
  plugin: 'kernel', name: 'groups', table: 'kernel_groups', schema: Group, companyScoped: true,
  label: 'groupe',
  references: { 'fk.parent': 'kernel.groups' },
});

/** mode / maxDepth / multi of the groups of one collection, per company. */
export const GroupSettings = defineEntity({
  plugin: 'kernel', name: 'group-settings', table: 'kernel_group_settings', schema: GroupPluginSetting, companyScoped: true,
  label: 'réglage des groupes', userProps: false,
});

/** Backups of the whole server: no company; their archives live in DATA_DIR/backups. */
export const Backups = defineEntity({
  plugin: 'kernel', name: 'backups', table: 'kernel_backups', schema: Backup, companyScoped: false,
  label: 'sauvegarde', noActivity: true,
  feminine: true,
});

/** Links to join a company with its roles; only the SHA-256 of the link's key is stored. */
export const Invitations = defineEntity({
  plugin: 'kernel', name: 'invitations', table: 'kernel_invitations', schema: Invitation, companyScoped: true,
  label: 'invitation', hidden: ['keyHash'],
  feminine: true,
  references: { 'fk.roles': 'kernel.roles' },
});

/** Requests to join through an invitation (spec: InvitationStatus), in the invitation's company. */
export const InvitationRequests = defineEntity({
  plugin: 'kernel', name: 'invitation-requests', table: 'kernel_invitation_requests', schema: InvitationStatus,
  companyScoped: true, label: 'demande d’accès', userProps: false,
  feminine: true,
  references: { 'fk.invitation': 'kernel.invitations', 'fk.user': 'kernel.users', 'fk.acceptedOrRejectedBy': 'kernel.users' },
});

/**
 * Notifications of a company's members, one per recipient (or one for the whole company, live
 * only). Changes are told to the recipient only (realtime bridge), and make no Activity: a
 * notification is a message, not a business record.
 */
export const Notifications = defineEntity({
  plugin: 'kernel', name: 'notifications', table: 'kernel_notifications', schema: Notification, companyScoped: true,
  label: 'notification', noActivity: true, userProps: false,
  feminine: true,
  references: { 'fk.user': 'kernel.users' },
});

/** Documents of the files browser; `size` and `type` follow their attachments (platform README « Entities »). */
export const Files = defineEntity({
  plugin: 'kernel', name: 'files', table: 'kernel_files', schema: FileDocument, companyScoped: true,
  label: 'fichier', derive: (doc) => fileTotals(doc.attachments ?? []),
  references: { 'fk.group': 'kernel.groups' },
});

/**
 * User properties (custom fields) of any collection: server-wide (no company) or private to a
 * company; listed per company by the user-props service, not by a company-scoped repository.
 */
export const UserProps = defineEntity({
  plugin: 'kernel', name: 'user-props', table: 'kernel_user_props', schema: UserProp, companyScoped: false,
  label: 'propriété personnalisée',
  feminine: true,
  references: { 'fk.company': 'kernel.companies', 'fk.companies': 'kernel.companies' },
});

export const KERNEL_ENTITIES = [
  Users, Profiles, Sessions, Roles, AccessTokens, ConfirmationCodes, ServerSettingsEntity,
  Companies, CompanySettingsEntity, SmtpSettingsEntity, Activities, Establishments,
  Groups, GroupSettings, Backups,
  Invitations, InvitationRequests,
  Notifications,
  Files,
  UserProps,
];
