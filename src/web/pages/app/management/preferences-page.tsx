import AddOutlined from '@mui/icons-material/AddOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { NewPreferenceDialog } from '../../../features/preferences/components/new-preference-dialog';
import { PreferenceList } from '../../../features/preferences/components/preference-list';

/** /app/management/preferences (admin): every preference, searchable and filtered by group; "New preference". */
export function PreferencesPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('preferences.list.title')}
        subtitle={t('preferences.list.subtitle')}
        actions={
          <>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              {t('preferences.list.new')}
            </Button>
            <Button
              component={RouterLink}
              to="/app/management/preference-groups"
              variant="outlined"
              startIcon={<FolderOutlined />}
            >
              {t('preferences.list.groupsLink')}
            </Button>
          </>
        }
      />
      <PreferenceList />
      <NewPreferenceDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
