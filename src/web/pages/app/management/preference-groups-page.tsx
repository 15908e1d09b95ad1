import AddOutlined from '@mui/icons-material/AddOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { NewPreferenceGroupDialog } from '../../../features/preferences/components/new-preference-group-dialog';
import { PreferenceGroupList } from '../../../features/preferences/components/preference-group-list';

/** /app/management/preference-groups (admin): every group with its preference count; "New group". */
export function PreferenceGroupsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('preferences.groups.list.title')}
        subtitle={t('preferences.groups.list.subtitle')}
        actions={
          <>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              {t('preferences.groups.list.new')}
            </Button>
            <Button
              component={RouterLink}
              to="/app/management/preferences"
              variant="outlined"
              startIcon={<LocalOfferOutlined />}
            >
              {t('preferences.groups.list.preferencesLink')}
            </Button>
          </>
        }
      />
      <PreferenceGroupList />
      <NewPreferenceGroupDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
