import { Box, Card, CardContent, CardHeader, Chip, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ManagedUserDetail } from '../../../../shared/schemas/user-management.schema';

/** The preferences the person picked, under their groups. */
export function PersonPreferencesCard({ person }: { person: ManagedUserDetail }) {
  const { t } = useTranslation();
  const groups = new Map<string, string[]>();
  for (const preference of person.preferences)
    groups.set(preference.groupName, [...(groups.get(preference.groupName) ?? []), preference.name]);
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={t('people.detail.preferences')} />
      <Divider />
      <CardContent>
        {groups.size === 0 ? (
          <Typography color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('people.detail.noPreferences')}
          </Typography>
        ) : (
          <Stack spacing={2}>
            {[...groups].map(([group, names]) => (
              <Box key={group}>
                <Typography variant="subtitle2" component="h3" color="textSecondary" sx={{ mb: 0.75 }}>
                  {group}
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {names.map((name) => (
                    <Chip key={name} size="small" label={name} />
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
