/** `/entreprise` (kernel.companies.manage): legal information, logo and document texts, numbering, settings and SMTP of the active company. */
import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useEntity, useComptoir } from '@comptoir/sdk/react';
import { ScreenLoader } from '../../layout/FullPageLoader.tsx';
import { PageHeader, QueryFailed } from '@comptoir/sdk/ui';
import { COMPANIES_PATH, type CompanyRecord } from './companyTypes.ts';
import { LegalInfoForm } from './LegalInfoForm.tsx';
import { DocumentTextsForm } from './DocumentTextsForm.tsx';
import { LogoSetting } from './LogoSetting.tsx';
import { NumberingForm } from './NumberingForm.tsx';
import { CompanySettingsPanel, SmtpPanel } from './SettingsPanels.tsx';

/** `?onglet=smtp` opens that tab (the home page's « Configurez l’envoi des e-mails ») */
const TABS = ['legal', 'documents', 'numbering', 'settings', 'smtp'];

export default function CompanyScreen() {
  const { company: active } = useComptoir();
  const [params] = useSearchParams();
  const tab = params.get('onglet');
  const company = useEntity<CompanyRecord>(COMPANIES_PATH, active?._id);

  if (!active) return <QueryFailed error={new Error('Aucune entreprise active : choisissez-en une en haut de l’écran.')} />;
  if (company.isPending) return <ScreenLoader />;
  if (company.isError) return <QueryFailed error={company.error} onRetry={() => void company.refetch()} />;
  const c = company.data;

  return (
    <>
      <PageHeader title="Entreprise" description={c.brandName ? `${c.name} — ${c.brandName}` : c.name} />
      <Tabs defaultValue={TABS.includes(tab ?? '') ? tab! : 'legal'} keepMounted>
        <Tabs.List mb="lg">
          <Tabs.Tab value="legal">Informations légales</Tabs.Tab>
          <Tabs.Tab value="documents">Logo et mentions</Tabs.Tab>
          <Tabs.Tab value="numbering">Numérotation</Tabs.Tab>
          <Tabs.Tab value="settings">Paramètres</Tabs.Tab>
          <Tabs.Tab value="smtp">Envoi des e-mails</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="legal"><LegalInfoForm key={c._id} company={c} /></Tabs.Panel>
        <Tabs.Panel value="documents">
          <Stack gap="lg">
            <LogoSetting company={c} />
            <DocumentTextsForm key={c._id} company={c} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="numbering"><NumberingForm key={c._id} company={c} /></Tabs.Panel>
        <Tabs.Panel value="settings"><CompanySettingsPanel /></Tabs.Panel>
        <Tabs.Panel value="smtp"><SmtpPanel /></Tabs.Panel>
      </Tabs>
    </>
  );
}
