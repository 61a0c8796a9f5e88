/** The tabs whose data is not the company itself: its settings and its SMTP server, each loaded when opened. */
import { useQuery } from '@tanstack/react-query';
import { useComptoir } from '@comptoir/sdk/react';
import { ScreenLoader } from '../../layout/FullPageLoader.tsx';
import { QueryFailed } from '@comptoir/sdk/ui';
import { CompanySettingsForm, companySettingsKey, type CompanySettingsRecord } from './CompanySettingsForm.tsx';
import { SmtpSettingsForm, smtpKey, type SmtpRecord } from './SmtpSettingsForm.tsx';

export function CompanySettingsPanel() {
  const { api, company } = useComptoir();
  const settings = useQuery({
    queryKey: companySettingsKey(company?._id),
    queryFn: () => api.get<CompanySettingsRecord | null>('/kernel/company-settings'),
  });
  if (settings.isPending) return <ScreenLoader />;
  if (settings.isError) return <QueryFailed error={settings.error} onRetry={() => void settings.refetch()} />;
  return <CompanySettingsForm key={company?._id} settings={settings.data} />;
}

export function SmtpPanel() {
  const { api, company } = useComptoir();
  const smtp = useQuery({
    queryKey: smtpKey(company?._id),
    queryFn: () => api.get<SmtpRecord>('/kernel/smtp-settings'),
  });
  if (smtp.isPending) return <ScreenLoader />;
  if (smtp.isError) return <QueryFailed error={smtp.error} onRetry={() => void smtp.refetch()} />;
  return <SmtpSettingsForm key={company?._id} smtp={smtp.data} />;
}
