import { useTranslation } from 'react-i18next';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/**
 * "Followers: X" wherever an establishment's followers are said in a line (its header, its card,
 * a list's row on a phone): those who confirmed their email, and guests (devices that followed with
 * one tap). Its operators also read how many of them are devices without an account, so a flood of
 * guests shows, and who followed and still waits for email confirmation:
 * "Followers: 120, of them 45 devices without an account, and 3 waiting for email confirmation".
 */
export function useFollowersText(): (establishment: EstablishmentView) => string {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (establishment) => {
    const operator = establishment.audience === 'operator';
    const guests = operator ? establishment.guestCount : 0;
    const value =
      guests > 0
        ? t('establishmentPage.header.followersValueGuests', {
            value: format.number(establishment.followerCount),
            count: guests,
            guests: format.number(guests),
          })
        : format.number(establishment.followerCount);
    return operator && establishment.waitingCount > 0
      ? t('establishmentPage.header.followersWaiting', {
          value,
          count: establishment.waitingCount,
          waiting: format.number(establishment.waitingCount),
        })
      : t('establishmentPage.header.followers', { value });
  };
}
