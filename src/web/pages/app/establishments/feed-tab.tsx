import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { Card } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { EmptyState } from './empty-state';

/** The establishment's feed. Until notifications arrive it says so; the notifications issue replaces it. */
export function FeedTab(_props: { establishment: Establishment; canPost: boolean }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <EmptyState
        icon={<CampaignOutlinedIcon />}
        title={t('establishmentPage.feed.emptyTitle')}
        text={t('establishmentPage.feed.emptyText')}
      />
    </Card>
  );
}
