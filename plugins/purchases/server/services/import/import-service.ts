/**
 * `POST /purchases/import`: a received Factur-X PDF or CII XML becomes a purchase. The file is read
 * (invoice-file.ts, cii-read.ts), converted (cii-to-purchase.ts), its seller matched to a provider
 * (provider-match.ts), checked against the company; with `dryRun` the report and the draft are
 * answered and nothing is written, otherwise the provider (when new) and the purchase are created
 * in the request's transaction. A file that is not an invoice is a 400 and nothing is stored.
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { Company } from '@comptoir/schemas';
import type {
  PurchaseImportAnswer, PurchaseImportInput, PurchaseImportReport, PurchaseInput, ProviderMatch,
} from '../../../schemas/index.ts';
import { Purchases } from '../../entities.ts';
import { PURCHASE_IMPORTED } from '../../events.ts';
import { PROVIDERS_MANAGE } from '../../permissions.ts';
import { companies, providers, type Provider } from '../deps.ts';
import { purchasesService } from '../purchases/purchases.ts';
import { readCii, type CiiParty } from './cii-read.ts';
import { convertCii, legalNumbers, type ConvertedInvoice } from './cii-to-purchase.ts';
import { invoiceXmlOf } from './invoice-file.ts';
import { matchProvider, normalizeVat, providerBody, sellerSnapshot } from './provider-match.ts';

/** The file's bytes from its base64 text (a data: URL prefix is tolerated). */
export function decodeContent(content: string): Uint8Array {
  const compact = content.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) {
    throw badRequest('Le fichier doit être envoyé encodé en base64 dans « content ».', [{ field: 'content', message: 'base64 attendu' }]);
  }
  return Buffer.from(compact, 'base64');
}

/** The company's own SIREN (from its SIRET, SIREN or French VAT number), to recognise it on an invoice. */
function sirenOf(party: { siren?: string; siret?: string; vatNumber?: string }): string | undefined {
  const digits = (s?: string) => s?.replace(/\s/g, '');
  return digits(party.siren) || digits(party.siret)?.slice(0, 9) || normalizeVat(party.vatNumber ?? '').match(/^FR[0-9A-Z]{2}(\d{9})$/)?.[1] || undefined;
}
const partySiren = (p: CiiParty) => legalNumbers(p).siren ?? sirenOf({ vatNumber: p.vatNumber });

/** An invoice issued by the company itself, or addressed to someone else, is worth a word. */
function companyChecks(converted: ConvertedInvoice, company: Company): string[] {
  const own = sirenOf(company);
  if (!own) return [];
  const out: string[] = [];
  if (partySiren(converted.seller) === own) out.push('Le vendeur de cette facture est votre propre entreprise : est-ce bien une facture reçue d’un fournisseur ?');
  const buyer = partySiren(converted.buyer);
  if (buyer && buyer !== own) out.push(`Cette facture est adressée à « ${converted.buyer.name ?? buyer} », pas à votre entreprise.`);
  return out;
}

export function purchaseImportService(ctx: CallContext) {
  /** The provider the purchase will name: chosen in the preview, matched, to be created, or none. */
  async function providerOf(input: PurchaseImportInput, seller: CiiParty, missing: string[]): Promise<{ match: ProviderMatch; provider: Provider | null }> {
    const chosenId = input.fk?.provider;
    if (chosenId !== undefined) {
      if (chosenId === null) return { match: { action: 'none', by: null, providerId: null, displayName: seller.name ?? '' }, provider: null };
      const [chosen] = await providers(ctx).findByIds([chosenId]);
      if (!chosen) throw badRequest('Fournisseur introuvable : « fk.provider » ne désigne aucun fournisseur de cette entreprise.', [{ field: 'fk.provider', message: 'introuvable' }]);
      return { match: { action: 'chosen', by: null, providerId: chosen._id, displayName: chosen.displayName }, provider: chosen };
    }
    const matched = await matchProvider(ctx, seller);
    if (matched) return { match: { action: 'matched', by: matched.by, providerId: matched.provider._id, displayName: matched.provider.displayName }, provider: matched.provider };
    const none = (reason: string) => {
      missing.push(reason);
      return { match: { action: 'none' as const, by: null, providerId: null, displayName: seller.name ?? '' }, provider: null };
    };
    if (!seller.name) return none('Fournisseur sans nom : aucune fiche fournisseur n’est créée.');
    if (input.createProvider === false) return none(`Aucun fournisseur « ${seller.name} » dans vos contacts : l’achat garde le fournisseur tel que la facture le nomme, sans fiche.`);
    if (!ctx.can(PROVIDERS_MANAGE)) return none(`Aucun fournisseur « ${seller.name} » dans vos contacts, et vous n’avez pas le droit d’en créer : l’achat garde le fournisseur tel que la facture le nomme.`);
    return { match: { action: 'create', by: null, providerId: null, displayName: seller.name }, provider: null };
  }

  /** The same provider's purchase of the same number, if the invoice was imported (or typed) before. */
  async function duplicateOf(providerId: string | null, invoiceNumber: string | undefined) {
    if (!providerId || !invoiceNumber) return null;
    return ctx.repo(Purchases).findOne({ 'fk.provider': providerId, invoiceNumber });
  }

  function checkAttachments(input: PurchaseImportInput): void {
    (input.attachments ?? []).forEach((a, i) => {
      // uploaded by this company through POST /api/kernel/files: stored under its own folder
      if (a.folder !== ctx.caller.companyId) {
        throw badRequest(`Pièce jointe inconnue : « attachments.${i} » n’a pas été déposée par cette entreprise (POST /api/kernel/files).`, [{ field: `attachments.${i}.folder`, message: 'dossier d’une autre entreprise' }]);
      }
    });
  }

  return {
    async run(input: PurchaseImportInput, dryRun: boolean): Promise<PurchaseImportAnswer> {
      checkAttachments(input);
      const file = await invoiceXmlOf(decodeContent(input.content));
      const converted = convertCii(readCii(file.xml));
      const company = await companies(ctx).current();
      const missing = [...converted.missing];
      const inconsistencies = [...converted.inconsistencies, ...companyChecks(converted, company)];
      const { match, provider } = await providerOf(input, converted.seller, missing);
      const duplicate = await duplicateOf(match.providerId, converted.draft.invoiceNumber);
      const duplicateText = duplicate && `La facture n° ${converted.draft.invoiceNumber} de ce fournisseur est déjà enregistrée (achat ${duplicate.numberFull}).`;
      if (duplicateText) inconsistencies.push(duplicateText);
      const report: PurchaseImportReport = {
        format: file.format, profile: converted.profile, documentType: converted.documentType, creditNote: converted.creditNote,
        read: converted.read, missing, inconsistencies, provider: match,
      };
      const draft: PurchaseInput = {
        ...converted.draft,
        vatRecoveryPercent: input.vatRecoveryPercent ?? (company.subjectToVAT === false ? 0 : 100),
        ...(input.forResale !== undefined ? { forResale: input.forResale } : {}),
        ...(input.attachments ? { attachments: input.attachments } : {}),
        ...(provider ? {} : { provider: sellerSnapshot(converted.seller) }),
        fk: { provider: provider?._id ?? null },
        extradata: { import: { format: file.format, profile: converted.profile, file: input.name } },
      };
      if (dryRun) return { dryRun, report, draft, purchase: null };
      if (duplicateText) throw conflict(`Import refusé : ${duplicateText}`);
      if (match.action === 'create') {
        const created = await providers(ctx).create(providerBody(converted.seller, converted.draft.invoiceNumber));
        Object.assign(match, { action: 'created', providerId: created._id, displayName: created.displayName });
        draft.fk = { provider: created._id };
        delete draft.provider;
      }
      const purchase = await purchasesService(ctx).create(draft);
      ctx.emit(PURCHASE_IMPORTED, {
        _id: purchase._id, numberFull: purchase.numberFull, invoiceNumber: purchase.invoiceNumber, creditNote: converted.creditNote, provider: purchase.fk.provider,
      });
      return { dryRun, report, draft, purchase };
    },
  };
}

export type PurchaseImportService = ReturnType<typeof purchaseImportService>;
