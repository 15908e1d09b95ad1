import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicEstablishment } from '../../../../../shared/schemas/establishment.schema';

/** "https://www.example.com/" -> "www.example.com", to read well on a phone. */
const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/** A phone number as a tel: address (digits and a leading +). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const mapHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The business's address, phone, email and website, each a tappable link where it can be. */
export function ContactCard({ establishment }: { establishment: PublicEstablishment }) {
  const { t } = useTranslation();
  const { address1, address2, zip, city, country, phone, email, website } = establishment;
  const cityLine = [zip, city].filter(Boolean).join(' ');
  const addressLines = [address1, address2, cityLine, country].filter(Boolean);
  const newTab = (
    <Box component="span" sx={visuallyHidden}>
      {` ${t('publicPage.opensInNewTab')}`}
    </Box>
  );

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('publicPage.contact.title')}
        </Typography>
        <Stack spacing={2.25}>
          {addressLines.length > 0 && (
            <ContactRow icon={<PlaceOutlined />} label={t('publicPage.contact.address')}>
              <Box component="address" sx={{ fontStyle: 'normal' }}>
                {addressLines.map((line) => (
                  <Box key={line}>{line}</Box>
                ))}
              </Box>
              <Link
                href={mapHref(addressLines.join(', '))}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
                sx={{ display: 'inline-block', mt: 0.5 }}
              >
                {t('publicPage.contact.map')}
                {newTab}
              </Link>
            </ContactRow>
          )}
          {phone && (
            <ContactRow icon={<PhoneOutlined />} label={t('publicPage.contact.phone')}>
              <Link href={telHref(phone)} dir="ltr">
                {phone}
              </Link>
            </ContactRow>
          )}
          {email && (
            <ContactRow icon={<MailOutlineOutlined />} label={t('publicPage.contact.email')}>
              <Link href={`mailto:${email}`} sx={{ wordBreak: 'break-all' }}>
                {email}
              </Link>
            </ContactRow>
          )}
          {website && (
            <ContactRow icon={<LanguageOutlined />} label={t('publicPage.contact.website')}>
              <Link href={website} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
                {displayUrl(website)}
                {newTab}
              </Link>
            </ContactRow>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One entry: an icon, a small label and the value. */
function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.75} sx={{ alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="div" variant="caption" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography component="div" variant="body1">
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}
