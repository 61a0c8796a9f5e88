/**
 * Bank details (schemas README « Identifiers »): the IBAN (ISO 13616: country, 2 check digits
 * computed mod 97, then the national account number of the country's length and format — for
 * France the RIB key too) and the BIC (ISO 9362: 4 letters for the bank, 2 for the country, 2
 * letters or digits for the location, optionally 3 for the branch). Checked with ibantools.
 */
import { ValidationErrorsIBAN, countrySpecs, isValidBIC, validateIBAN } from 'ibantools';

export function ibanProblem(v: string): string | null {
  const { valid, errorCodes } = validateIBAN(v);
  if (valid) return null;
  const country = v.slice(0, 2);
  const spec = (countrySpecs as Record<string, { chars?: number } | undefined>)[country];
  const has = (code: ValidationErrorsIBAN) => errorCodes.includes(code);
  if (has(ValidationErrorsIBAN.NoIBANCountry) || !spec?.chars) {
    return 'L’IBAN n’est pas valide : il commence par le code du pays (FR76…).';
  }
  if (has(ValidationErrorsIBAN.WrongBBANLength)) return `L’IBAN n’est pas valide : un IBAN ${country} compte ${spec.chars} caractères.`;
  if (has(ValidationErrorsIBAN.WrongBBANFormat)) return `L’IBAN n’est pas valide : ce n’est pas le format des comptes ${country}.`;
  if (has(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) return 'L’IBAN n’est pas valide : la clé RIB du compte ne correspond pas.';
  return 'L’IBAN n’est pas valide : sa clé de contrôle ne correspond pas.';
}

export function bicProblem(v: string): string | null {
  return isValidBIC(v) ? null : 'Le BIC n’est pas valide : 8 ou 11 caractères, la banque, le pays, la ville et l’agence (par exemple BNPAFRPPXXX).';
}
