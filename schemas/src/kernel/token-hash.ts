/**
 * Bearer secrets (session tokens, access tokens) are never stored: only their SHA-256, in lowercase
 * hex. A stolen database therefore gives no usable token, and a lookup stays an indexed equality
 * on a VARCHAR(64) column since the token itself is high-entropy (no salt or slow hash needed).
 */
import { Type, type SchemaOptions } from '@sinclair/typebox';

export const TOKEN_HASH_PATTERN = '^[0-9a-f]{64}$';

export const TokenHash = (o: SchemaOptions = {}) =>
  Type.String({ pattern: TOKEN_HASH_PATTERN, maxLength: 64, ...o });
