import { useTranslation } from 'react-i18next';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/**
 * "Followers: X" wherever an establishment's followers are said in a line (its header, its card,
 * a list's row on a phone): those who confirmed their email. Its operators also read who followed
 * and still waits for email confirmation: "Followers: X, and W waiting for email confirmation".
 */
export function useFollowersText(): (establishment: EstablishmentView) => string {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (establishment) => {
    const value = format.number(establishment.followerCount);
    return establishment.audience === 'operator' && establishment.waitingCount > 0
      ? t('establishmentPage.header.followersWaiting', {
          value,
          count: establishment.waitingCount,
          waiting: format.number(establishment.waitingCount),
        })
      : t('establishmentPage.header.followers', { value });
  };
}
