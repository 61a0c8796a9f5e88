/** /api/kernel/avatar: my avatar (an accepted image, tagged `avatar` in my account's attachments). */
import { Type } from '@sinclair/typebox';
import { route, type RouteDefinition } from '@comptoir/sdk';
import { validate } from '../../db/validation.ts';
import { SUBFOLDERS } from '../services/files/attachment-keys.ts';
import { AVATAR_TAG, setAvatar } from '../services/files/avatar.ts';
import { receiveUpload } from '../services/files/upload-store.ts';
import { commitUpload, nodeRequest, storageOf, uploadLimits } from '../services/files/upload-commit.ts';

/** the avatar form carries no field of its own: the file is the whole message */
const NoFields = Type.Object({}, { additionalProperties: false });

export const avatarRoutes: RouteDefinition[] = [
  route({
    method: 'POST', path: '/kernel/avatar', access: 'user', transactional: false,
    summary: 'Changer mon avatar (une image, en multipart comme POST /api/kernel/files) → mon compte',
    async handler(req) {
      const userId = req.caller.userId!;
      const upload = await receiveUpload(nodeRequest(req), {
        storage: storageOf(req), limits: { ...uploadLimits(req), maxFiles: 1 }, now: req.now,
        folder: userId, subfolder: SUBFOLDERS.avatar, tags: [AVATAR_TAG], imagesOnly: true,
        fields: (raw) => validate(NoFields, raw, { what: 'Champs du formulaire invalides' }),
      });
      return commitUpload(req, upload.keys, (ctx) => setAvatar(ctx, userId, upload.attachments[0]));
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/avatar', access: 'user', summary: 'Retirer mon avatar → mon compte',
    handler: (req) => setAvatar(req, req.caller.userId!, null),
  }),
];
