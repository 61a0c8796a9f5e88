/** Building blocks shared by the customer, provider and contact schemas. */
import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { Address, Email } from '@comptoir/schemas';

/**
 * An optional e-mail that a form can clear: a valid address, or '' for « none » (the API has no
 * other way to empty a field once set).
 */
export const EmailOrEmpty = () => Type.Union([Email(), Type.Literal('')]);

/**
 * Replaces the `fk` of a body built by createInput/updateInput with the references a client may
 * set: `fk.company` always comes from the active company, so it is not offered (an unknown field).
 */
export function withFk<T extends TObject>(input: T, fk: TProperties, keepDefaults: boolean): TObject {
  const props: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(fk)) {
    const copy: TSchema = { ...schema };
    if (!keepDefaults) delete copy.default;
    props[key] = Type.Optional(copy);
  }
  return Type.Object({
    ...input.properties,
    fk: Type.Optional(Type.Object(props, { additionalProperties: false, ...(keepDefaults ? { default: {} } : {}) })),
  }, { additionalProperties: false });
}

/**
 * A defaulted field that a body may leave out. Request bodies are validated without filling
 * defaults, so a field with a default inside a list item must be optional there; the repository
 * fills the default when it validates the stored document.
 */
export const Defaulted = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** The kernel's Address as a body takes it (the same schema: its delivery and invoicing flags default to true). */
export const AddressInput = Address;

/** An input body whose `addresses` items take AddressInput. */
export function withAddressInput<T extends TObject>(input: T): TObject {
  return Type.Object({
    ...input.properties,
    addresses: Type.Optional(Type.Array(AddressInput)),
  }, { additionalProperties: false });
}
