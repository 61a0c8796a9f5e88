/**
 * The company's logo (the attachment of the company tagged `logo`): POST /api/kernel/company/logo
 * with one PNG or JPEG image (2 Mo at most), progress shown, or DELETE to remove it. Printed
 * top-left on invoices, credit notes and quotations. The answer is the company, put at once into
 * the cache of this screen.
 */
import { Alert, Button, FileButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { attachmentUrl, taggedAttachment, type Attachment } from '@comptoir/schemas';
import { entityKey, useComptoir } from '@comptoir/sdk/react';
import { Section } from '@comptoir/sdk/ui';
import { useImageSetting } from '../shared/useImageSetting.ts';
import { COMPANIES_PATH, type CompanyRecord } from './companyTypes.ts';

const LOGO_PATH = '/kernel/company/logo';
const ACCEPTED = 'image/png,image/jpeg';

export function LogoSetting({ company }: { company: CompanyRecord }) {
  const { company: active } = useComptoir();
  const queries = useQueryClient();
  const { percent, error, upload, remove } = useImageSetting<CompanyRecord>(
    LOGO_PATH,
    (saved) => queries.setQueryData(entityKey(COMPANIES_PATH, company._id, active?._id), saved),
    { saved: 'Le logo est enregistré.', removed: 'Le logo est retiré.' },
  );
  const logo = taggedAttachment(company.attachments as Attachment[] | undefined, 'logo');
  const url = logo ? attachmentUrl(logo, 'w320') : null;

  return (
    <Section title="Logo" description="Imprimé en haut à gauche de vos factures, avoirs et devis.">
      <Group align="center" gap="lg">
        <Paper withBorder w={200} h={80} p={4} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {url
            ? <Image src={url} alt="Logo de l’entreprise" fit="contain" h="100%" w="100%" data-testid="logo-preview" />
            : <Text size="sm" c="dimmed">Aucun logo</Text>}
        </Paper>
        <Stack gap="xs">
          <Group>
            <FileButton accept={ACCEPTED} onChange={(file) => { if (file) upload(file); }}>
              {(props) => <Button {...props} loading={percent !== null} data-testid="logo-upload">{url ? 'Changer de logo' : 'Choisir un logo'}</Button>}
            </FileButton>
            {url && (
              <Button variant="subtle" color="red" disabled={percent !== null}
                onClick={remove}>
                Retirer le logo
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">PNG ou JPEG, 2 Mo au plus. La transparence est imprimée sur fond blanc.</Text>
        </Stack>
      </Group>
      {percent !== null && <Progress value={percent} aria-label="Progression de l’envoi" />}
      {error && <Alert color="red" title="Logo refusé" role="alert">{error}</Alert>}
    </Section>
  );
}
