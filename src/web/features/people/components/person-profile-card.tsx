import { Box, Card, CardContent, CardHeader, Divider, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ManagedUserDetail } from '../../../../shared/schemas/user-management.schema';
import { DetailRow } from '../../../components/detail-items';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/** The person's account: contact, role, email state, discounted prices, when they joined and last signed in. */
export function PersonProfileCard({ person }: { person: ManagedUserDetail }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={t('people.detail.profile')} />
      <Divider />
      <CardContent>
        <Box component="dl" sx={{ m: 0 }}>
          <DetailRow label={t('people.email')}>
            <Link href={`mailto:${person.email}`} dir="ltr">
              {person.email}
            </Link>
          </DetailRow>
          <DetailRow label={t('people.phone')}>
            {person.phone ? (
              <Link href={`tel:${person.phone.replace(/\s+/g, '')}`} dir="ltr">
                {person.phone}
              </Link>
            ) : null}
          </DetailRow>
          <DetailRow label={t('people.role')}>{t(`accountPage.roles.${person.role}`)}</DetailRow>
          <DetailRow label={t('people.detail.emailState')}>
            {t(person.emailVerified ? 'people.detail.verifiedYes' : 'people.detail.verifiedNo')}
          </DetailRow>
          <DetailRow label={t('people.detail.prices')}>
            {t(person.discountedPrices ? 'people.detail.discountYes' : 'people.detail.discountNo')}
          </DetailRow>
          <DetailRow label={t('people.detail.created')}>
            {format.date(person.createdAt, { withTime: true })}
          </DetailRow>
          <DetailRow label={t('people.detail.lastLogin')}>
            {person.lastLoginAt
              ? format.date(person.lastLoginAt, { withTime: true })
              : t('people.detail.never')}
          </DetailRow>
        </Box>
      </CardContent>
    </Card>
  );
}
