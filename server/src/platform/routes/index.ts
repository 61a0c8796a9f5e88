/**
 * The platform's route table (mounted at `/api`, see README), one file per concern, in the order they
 * are matched.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { authRoutes } from './auth.ts';
import { companyRoutes } from './companies.ts';
import { userRoutes } from './users.ts';
import { roleRoutes } from './roles.ts';
import { sessionRoutes } from './sessions.ts';
import { platformRoutes } from './platform.ts';
import { profileRoutes } from './profile.ts';
import { establishmentRoutes } from './establishments.ts';
import { invitationPublicRoutes } from './invitation-public.ts';
import { invitationRoutes } from './invitations.ts';
import { invitationRequestRoutes } from './invitation-requests.ts';
import { groupRoutes } from './groups.ts';
import { backupRoutes } from './backups.ts';
import { notificationRoutes } from './notifications.ts';
import { fileRoutes } from './files.ts';
import { avatarRoutes } from './avatar.ts';
import { userPropRoutes } from './user-props.ts';
import { dashboardRoutes } from './dashboard.ts';
import { integrityRoutes } from './integrity.ts';
import { linkRoutes } from './links.ts';

export const routes: RouteDefinition[] = [
  ...authRoutes,
  ...companyRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...sessionRoutes,
  ...platformRoutes,
  ...profileRoutes,
  ...establishmentRoutes,
  ...invitationPublicRoutes,
  ...invitationRoutes,
  ...invitationRequestRoutes,
  ...groupRoutes,
  ...backupRoutes,
  ...notificationRoutes,
  ...fileRoutes,
  ...avatarRoutes,
  ...userPropRoutes,
  ...dashboardRoutes,
  ...integrityRoutes,
  ...linkRoutes,
];
