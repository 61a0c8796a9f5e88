/**
 * Dates of a body that a date column can store. The date-time format lets a leap second through
 * (23:59:60), which Date cannot read: a 500 when stored, so a 400 naming the field here.
 */
import { badRequest } from '@comptoir/sdk';
import { invalidInstant } from '../../messages.ts';

export function assertInstants(body: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields) {
    const value = body[field];
    if (typeof value === 'string' && Number.isNaN(Date.parse(value))) {
      throw badRequest(invalidInstant(field, value), [{ field, message: 'date invalide' }]);
    }
  }
}
