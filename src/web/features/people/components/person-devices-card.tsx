import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import { List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ManagedUserDetail } from '../../../../shared/schemas/user-management.schema';
import { browserName } from '../../../lib/browser-name';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { PersonSectionCard } from './person-section-card';

/** The browsers subscribed to push: which browser on which system, since when, last seen. */
export function PersonDevicesCard({ person }: { person: ManagedUserDetail }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <PersonSectionCard
      title={t('people.detail.devices')}
      subheader={t('people.detail.devicesCount', { count: person.devices.length })}
      emptyText={t('people.detail.noDevices')}
      empty={person.devices.length === 0}
      fullHeight
    >
      <List aria-label={t('people.detail.devices')}>
        {person.devices.map((device) => {
          const { browser, system } = browserName(device.userAgent);
          const name = browser
            ? system
              ? t('people.detail.browserOn', { browser, system })
              : browser
            : t('people.detail.unknownBrowser');
          return (
            <ListItem key={device.id}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <DevicesOutlined />
              </ListItemIcon>
              <ListItemText
                primary={name}
                secondary={t('people.detail.deviceSeen', {
                  since: format.date(device.createdAt),
                  seen: format.relative(device.lastSeenAt, Date.now()),
                })}
                slotProps={{ primary: { title: device.userAgent, sx: { fontWeight: 600 } } }}
              />
            </ListItem>
          );
        })}
      </List>
    </PersonSectionCard>
  );
}
